import { and, asc, count, eq, inArray, isNotNull, ne, notInArray, or, sql } from 'drizzle-orm';
import {
  companies,
  countries,
  defra_factors,
  donation_tags,
  first_level_subcategories,
  material_groups,
  materials,
  sdgs,
  second_level_subcategories,
  subscription_plans,
  taxonomy_removals,
  third_level_subcategories,
} from '../../../drizzle/schema';
import { typedNamesByEnglish, type TypedNames } from '../../../shared/lib/reference-names';
import { escapeLike } from '../../../shared/lib/text';
import { nameMatches } from '../../db/like';
import type { DbOrTx } from '../../db/client';
import { firstRow, hasRow } from '../../db/rows';

export function listCountries(db: DbOrTx, codes: string[] | undefined) {
  const cols = {
    code: countries.code,
    name: countries.name,
    currency_code: countries.currency_code,
    currency_symbol: countries.currency_symbol,
    calling_code: countries.calling_code,
  };
  // Only signup countries are ever listed (SPEC: the list excludes AU).
  const where = codes?.length ? and(eq(countries.is_signup, true), inArray(countries.code, codes)) : eq(countries.is_signup, true);
  return db.select(cols).from(countries).where(where).orderBy(asc(countries.name));
}

export function listMaterialGroups(db: DbOrTx) {
  return db
    .select({
      id: material_groups.id,
      name: material_groups.name,
      name_dk: material_groups.name_dk,
      name_my: material_groups.name_my,
      slug: material_groups.slug,
      kind: material_groups.kind,
      description: material_groups.description,
      defra_material: material_groups.defra_material,
    })
    .from(material_groups)
    .orderBy(asc(material_groups.sort_order), asc(material_groups.name));
}

export function listSdgs(db: DbOrTx) {
  return db.select({ id: sdgs.id, code: sdgs.code, name: sdgs.name, color: sdgs.color }).from(sdgs).orderBy(asc(sdgs.id));
}

type Subcategories = typeof first_level_subcategories | typeof second_level_subcategories | typeof third_level_subcategories;

/** A subcategory's names and code, as the category pickers list them. */
const subcategoryColumns = <T extends Subcategories>(t: T) => ({ id: t.id, name: t.name, name_dk: t.name_dk, name_my: t.name_my, code: t.code });
/** The pickers' order: by code, then by name where codes tie or are missing. */
const byCodeThenName = (t: Subcategories) => [asc(t.code), asc(t.name)];

export function listFirstLevel(db: DbOrTx, groupId?: number) {
  const t = first_level_subcategories;
  return db
    .select({ ...subcategoryColumns(t), material_group_id: t.material_group_id })
    .from(t)
    .where(groupId ? eq(t.material_group_id, groupId) : undefined)
    .orderBy(...byCodeThenName(t));
}

export function listSecondLevel(db: DbOrTx, parentId?: number) {
  const t = second_level_subcategories;
  return db
    .select({ ...subcategoryColumns(t), first_level_subcategory_id: t.first_level_subcategory_id })
    .from(t)
    .where(parentId ? eq(t.first_level_subcategory_id, parentId) : undefined)
    .orderBy(...byCodeThenName(t));
}

export function listThirdLevel(db: DbOrTx, parentId?: number) {
  const t = third_level_subcategories;
  return db
    .select({ ...subcategoryColumns(t), second_level_subcategory_id: t.second_level_subcategory_id, hazardous: t.hazardous })
    .from(t)
    .where(parentId ? eq(t.second_level_subcategory_id, parentId) : undefined)
    .orderBy(...byCodeThenName(t));
}

export async function landingCounts(db: DbOrTx) {
  const [c] = await db.select({ n: count() }).from(companies).where(eq(companies.status, 'approved'));
  // Listings anyone can find: active, of an approved company (as the search shows them).
  const [m] = await db
    .select({ n: count() })
    .from(materials)
    .innerJoin(companies, eq(companies.id, materials.company_id))
    .where(and(eq(materials.status, 'active'), eq(companies.status, 'approved')));
  return { companies: c?.n ?? 0, materials: m?.n ?? 0 };
}

// ---- administrators' categories (docs/decisions/0072) ----------------------------------------------

/** Category writes are rare and touch codes across the tree: one transaction at a time takes them. */
const TAXONOMY_LOCK_KEY = 727_003_001;
export async function lockTaxonomy(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(TAXONOMY_LOCK_KEY))})`);
}

const LEVEL = {
  1: {
    table: first_level_subcategories,
    parent: first_level_subcategories.material_group_id,
    parentKey: 'material_group_id',
    listing: materials.first_level_subcategory_id,
  },
  2: {
    table: second_level_subcategories,
    parent: second_level_subcategories.first_level_subcategory_id,
    parentKey: 'first_level_subcategory_id',
    listing: materials.second_level_subcategory_id,
  },
  3: {
    table: third_level_subcategories,
    parent: third_level_subcategories.second_level_subcategory_id,
    parentKey: 'second_level_subcategory_id',
    listing: materials.third_level_subcategory_id,
  },
} as const;
type Level = keyof typeof LEVEL;

const groupColumns = {
  id: material_groups.id,
  name: material_groups.name,
  name_dk: material_groups.name_dk,
  name_my: material_groups.name_my,
  slug: material_groups.slug,
  code: material_groups.code,
  kind: material_groups.kind,
  description: material_groups.description,
  defra_material: material_groups.defra_material,
  sort_order: material_groups.sort_order,
  customized_at: material_groups.customized_at,
};

/**
 * Every group with its first-level count, listings and companies that named it (interested or providing). The
 * subqueries name the outer table in their text: Drizzle writes a one-table select's columns unqualified.
 */
export function adminGroups(db: DbOrTx) {
  return db
    .select({
      ...groupColumns,
      children: sql<number>`(select count(*) from first_level_subcategories f where f.material_group_id = material_groups.id)::int`,
      listings: sql<number>`(select count(*) from materials m where m.material_group_id = material_groups.id)::int`,
      companies: sql<number>`(select count(distinct c.company_id) from company_material_groups c where c.material_group_id = material_groups.id)::int`,
    })
    .from(material_groups)
    .orderBy(asc(material_groups.sort_order), asc(material_groups.name));
}

export async function findGroup(db: DbOrTx, id: number) {
  return firstRow(db.select(groupColumns).from(material_groups).where(eq(material_groups.id, id)));
}

export function groupNameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  return hasRow(
    db
      .select({ id: material_groups.id })
      .from(material_groups)
      .where(and(sql`lower(${material_groups.name}) = lower(${name})`, exceptId ? ne(material_groups.id, exceptId) : undefined)),
  );
}

export async function slugsLike(db: DbOrTx, base: string) {
  const rows = await db
    .select({ slug: material_groups.slug })
    .from(material_groups)
    .where(sql`${material_groups.slug} like ${`${escapeLike(base)}%`}`);
  return rows.map((r) => r.slug);
}

export async function insertGroup(
  db: DbOrTx,
  values: {
    name: string;
    name_dk: string | null;
    name_my: string | null;
    slug: string;
    kind: 'material' | 'knowledge' | 'space';
    defra_material: string | null;
  },
) {
  const [row] = await db
    .insert(material_groups)
    .values({
      ...values,
      sort_order: sql`(select coalesce(max(${material_groups.sort_order}), 0) + 10 from ${material_groups})`,
      customized_at: new Date(),
      mapping_customized_at: new Date(),
    })
    .returning({ id: material_groups.id });
  return row!.id;
}

export async function updateGroup(
  db: DbOrTx,
  id: number,
  values: Partial<{
    name: string;
    name_dk: string | null;
    name_my: string | null;
    code: string;
    kind: 'material' | 'knowledge' | 'space';
    defra_material: string | null;
    basis: null;
    counterfactual_route: null;
    mapping_customized_at: Date;
  }>,
) {
  await db
    .update(material_groups)
    .set({ ...values, customized_at: new Date() })
    .where(eq(material_groups.id, id));
}

export async function deleteGroup(db: DbOrTx, id: number) {
  await db.delete(material_groups).where(eq(material_groups.id, id));
}

/** Listings (offerings and donations, any status) under a group or a subcategory, at any depth below it. */
export async function listingsUnder(db: DbOrTx, level: 0 | Level, id: number): Promise<number> {
  const column = level === 0 ? materials.material_group_id : LEVEL[level].listing;
  const [row] = await db.select({ n: count() }).from(materials).where(eq(column, id));
  return Number(row?.n ?? 0);
}

/** Distinct Defra materials of the factor set (the choices for a group's mapping). */
export async function defraMaterials(db: DbOrTx, factorSet: string) {
  const rows = await db
    .selectDistinct({ material: defra_factors.material })
    .from(defra_factors)
    .where(and(eq(defra_factors.factor_set, factorSet), inArray(defra_factors.table_name, ['material_use', 'waste_disposal'])))
    .orderBy(asc(defra_factors.material));
  return rows.map((r) => r.material);
}

export interface TaxonomyNodeRow {
  id: number;
  level: Level;
  parent_id: number;
  name: string;
  name_dk: string | null;
  name_my: string | null;
  code: string | null;
  customized_at: Date | null;
  group_id: number;
  group_slug: string;
  /** The first level's code (the node's own for a first level; null for a group-level parent). */
  l1_code: string | null;
}

/** A node's names, code, last customisation and the group it is under (joined as material_groups). */
const nodeColumns = <T extends Subcategories>(t: T) => ({
  ...subcategoryColumns(t),
  customized_at: t.customized_at,
  group_id: material_groups.id,
  group_slug: material_groups.slug,
});

/** One node with what its seed key and moves need: its parent, its group and the first level above it. */
export async function findNode(db: DbOrTx, level: Level, id: number): Promise<TaxonomyNodeRow | null> {
  if (level === 1) {
    const [r] = await db
      .select({
        ...nodeColumns(first_level_subcategories),
        parent_id: first_level_subcategories.material_group_id,
      })
      .from(first_level_subcategories)
      .innerJoin(material_groups, eq(material_groups.id, first_level_subcategories.material_group_id))
      .where(eq(first_level_subcategories.id, id));
    return r ? { ...r, level, l1_code: r.code } : null;
  }
  if (level === 2) {
    const [r] = await db
      .select({
        ...nodeColumns(second_level_subcategories),
        parent_id: second_level_subcategories.first_level_subcategory_id,
        l1_code: first_level_subcategories.code,
      })
      .from(second_level_subcategories)
      .innerJoin(first_level_subcategories, eq(first_level_subcategories.id, second_level_subcategories.first_level_subcategory_id))
      .innerJoin(material_groups, eq(material_groups.id, first_level_subcategories.material_group_id))
      .where(eq(second_level_subcategories.id, id));
    return r ? { ...r, level } : null;
  }
  const [r] = await db
    .select({
      ...nodeColumns(third_level_subcategories),
      parent_id: third_level_subcategories.second_level_subcategory_id,
      l1_code: first_level_subcategories.code,
    })
    .from(third_level_subcategories)
    .innerJoin(second_level_subcategories, eq(second_level_subcategories.id, third_level_subcategories.second_level_subcategory_id))
    .innerJoin(first_level_subcategories, eq(first_level_subcategories.id, second_level_subcategories.first_level_subcategory_id))
    .innerJoin(material_groups, eq(material_groups.id, first_level_subcategories.material_group_id))
    .where(eq(third_level_subcategories.id, id));
  return r ? { ...r, level } : null;
}

/** A possible parent of a node at `level`: the group for level 1, the level above otherwise (its id and code). */
export async function findParent(db: DbOrTx, level: Level, id: number): Promise<{ id: number; code: string | null } | null> {
  if (level === 1) {
    const g = await findGroup(db, id);
    return g && { id: g.id, code: g.code };
  }
  const node = await findNode(db, (level - 1) as Level, id);
  return node && { id: node.id, code: node.code };
}

/** Codes in use at a level that start with `prefix` (anywhere in the tree). */
export async function codesWithPrefix(db: DbOrTx, level: Level, prefix: string) {
  const t = LEVEL[level].table;
  const rows = await db
    .select({ code: t.code })
    .from(t)
    .where(sql`${t.code} like ${`${escapeLike(prefix)}%`}`);
  return rows.map((r) => r.code);
}

/**
 * Whether a code is taken where it must be unique: a leaf code anywhere (listings and the reference sync find a
 * leaf by its code alone), a first or second level's among its siblings.
 */
export function codeTaken(db: DbOrTx, level: Level, code: string, parentId: number, exceptId?: number): Promise<boolean> {
  const { table: t, parent } = LEVEL[level];
  return hasRow(
    db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.code, code), level === 3 ? undefined : eq(parent, parentId), exceptId ? ne(t.id, exceptId) : undefined)),
  );
}

/** A subcategory's parent, names and code as stored. */
type NodeValues = { parent_id: number; name: string; name_dk: string | null; name_my: string | null; code: string | null };

/** A subcategory row as stored: the parent under its level's column, and when an administrator last changed it. */
function nodeRow(level: Level, { parent_id, ...names }: NodeValues) {
  return { [LEVEL[level].parentKey]: parent_id, ...names, customized_at: new Date() };
}

// The three levels' tables differ only in their parent column, which drizzle's types cannot follow through a
// union of tables: typed as the third level, written with the row nodeRow builds for the real one.
const nodeTable = (level: Level) => LEVEL[level].table as typeof third_level_subcategories;

export async function insertNode(db: DbOrTx, level: Level, values: NodeValues) {
  const t = nodeTable(level);
  const [r] = await db
    .insert(t)
    .values(nodeRow(level, values) as typeof t.$inferInsert)
    .returning({ id: t.id });
  return r!.id;
}

export async function updateNode(db: DbOrTx, level: Level, id: number, values: NodeValues) {
  const t = nodeTable(level);
  await db.update(t).set(nodeRow(level, values)).where(eq(t.id, id));
}

export async function deleteNode(db: DbOrTx, level: Level, id: number) {
  const t = LEVEL[level].table;
  await db.delete(t).where(eq(t.id, id));
}

/** The second and third levels below a node (for recoding a moved subtree). */
export async function descendants(db: DbOrTx, level: Level, id: number) {
  if (level === 3) return { second: [], third: [] };
  const second =
    level === 1
      ? await db
          .select({ id: second_level_subcategories.id, code: second_level_subcategories.code })
          .from(second_level_subcategories)
          .where(eq(second_level_subcategories.first_level_subcategory_id, id))
      : [];
  const parents = level === 1 ? second.map((s) => s.id) : [id];
  const third = parents.length
    ? await db
        .select({ id: third_level_subcategories.id, code: third_level_subcategories.code })
        .from(third_level_subcategories)
        .where(inArray(third_level_subcategories.second_level_subcategory_id, parents))
    : [];
  return { second, third };
}

/** Leaf codes among `codes` used by leaves outside `exceptIds`. */
export async function leafCodesTaken(db: DbOrTx, codes: string[], exceptIds: number[]) {
  if (!codes.length) return [];
  const rows = await db
    .select({ code: third_level_subcategories.code })
    .from(third_level_subcategories)
    .where(and(inArray(third_level_subcategories.code, codes), exceptIds.length ? notInArray(third_level_subcategories.id, exceptIds) : undefined));
  return rows.map((r) => r.code!);
}

export async function recodeNodes(db: DbOrTx, level: 2 | 3, changes: { id: number; code: string | null }[]) {
  const t = LEVEL[level].table;
  for (const c of changes) await db.update(t).set({ code: c.code, customized_at: new Date() }).where(eq(t.id, c.id));
}

/** The reference sync does not bring back what an administrator deleted or moved away (0072). */
export async function addRemoval(db: DbOrTx, level: 0 | Level, key: string) {
  await db.insert(taxonomy_removals).values({ level, key }).onConflictDoNothing();
}

/** One level of the tree under a parent, with each node's children and listings counted. */
export function adminLevel(db: DbOrTx, level: Level, parentId: number) {
  const { table: t, parent } = LEVEL[level];
  // Written against the outer table's name: Drizzle leaves a one-table select's columns unqualified.
  const children =
    level === 1
      ? sql<number>`(select count(*) from second_level_subcategories c where c.first_level_subcategory_id = first_level_subcategories.id)::int`
      : level === 2
        ? sql<number>`(select count(*) from third_level_subcategories c where c.second_level_subcategory_id = second_level_subcategories.id)::int`
        : sql<number>`0`;
  const tableName = { 1: 'first_level_subcategories', 2: 'second_level_subcategories', 3: 'third_level_subcategories' }[level];
  const listingColumn = { 1: 'first_level_subcategory_id', 2: 'second_level_subcategory_id', 3: 'third_level_subcategory_id' }[level];
  return db
    .select({
      id: t.id,
      parent_id: parent,
      name: t.name,
      name_dk: t.name_dk,
      name_my: t.name_my,
      code: t.code,
      customized_at: t.customized_at,
      children,
      listings: sql<number>`(select count(*) from materials m where m.${sql.raw(listingColumn)} = ${sql.raw(tableName)}.id)::int`,
      hazardous: level === 3 ? third_level_subcategories.hazardous : sql<boolean>`false`,
    })
    .from(t)
    .where(eq(parent, parentId))
    .orderBy(asc(t.code), asc(t.name), asc(t.id));
}

/**
 * Nodes at any level whose name (English, or typed in Danish or Malay), code or one of `englishNames` (the rows whose
 * catalog translation matched, lib/i18n referenceNamesMatching) matches, each with its path, paged.
 */
export async function searchCategories(db: DbOrTx, q: string, page: number, size: number, englishNames: readonly string[] = []) {
  const like = `%${escapeLike(q)}%`;
  const codeLike = `${escapeLike(q.replace(/\s+/g, '').toUpperCase())}%`;
  const named = (a: string) => nameMatches(a, like, englishNames);
  const matches = sql`(select 1 as level, f.id, f.name, f.name_dk, f.name_my, f.code, g.id as group_id, g.name as group_name, null::text as l1_name, null::text as l2_name, f.material_group_id as parent_id
      from first_level_subcategories f join material_groups g on g.id = f.material_group_id
      where ${named('f')} or f.code like ${codeLike}
    union all
    select 2, s.id, s.name, s.name_dk, s.name_my, s.code, g.id, g.name, f.name, null, s.first_level_subcategory_id
      from second_level_subcategories s join first_level_subcategories f on f.id = s.first_level_subcategory_id
      join material_groups g on g.id = f.material_group_id
      where ${named('s')} or s.code like ${codeLike}
    union all
    select 3, t.id, t.name, t.name_dk, t.name_my, t.code, g.id, g.name, f.name, s.name, t.second_level_subcategory_id
      from third_level_subcategories t join second_level_subcategories s on s.id = t.second_level_subcategory_id
      join first_level_subcategories f on f.id = s.first_level_subcategory_id join material_groups g on g.id = f.material_group_id
      where ${named('t')} or t.code like ${codeLike})`;
  const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : ((r as { rows: unknown[] }).rows ?? [])) as T[];
  const [items, total] = await Promise.all([
    db.execute(sql`select * from ${matches} m order by m.level, m.code nulls last, m.name, m.id limit ${size} offset ${page * size}`),
    db.execute(sql`select count(*)::int as n from ${matches} m`),
  ]);
  type Row = {
    level: number;
    id: number;
    name: string;
    name_dk: string | null;
    name_my: string | null;
    code: string | null;
    group_id: number;
    group_name: string;
    l1_name: string | null;
    l2_name: string | null;
    parent_id: number;
  };
  return { rows: rowsOf<Row>(items), total: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0) };
}

/**
 * Every reference row an administrator gave a Danish or Malay name (groups, subcategories, plans, donation tags),
 * oldest first, so that of two rows sharing an English name the later one's names win (typedNamesByEnglish).
 */
export async function typedNames(db: DbOrTx) {
  const tables = [
    material_groups,
    first_level_subcategories,
    second_level_subcategories,
    third_level_subcategories,
    subscription_plans,
    donation_tags,
  ];
  const rows = await Promise.all(
    tables.map((t) =>
      db
        .select({ name: t.name, name_dk: t.name_dk, name_my: t.name_my, created_at: t.created_at })
        .from(t)
        .where(or(isNotNull(t.name_dk), isNotNull(t.name_my))),
    ),
  );
  return rows.flat().sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

/** `typedNames` as the server's `referenceText` reads them (mail, notification summaries). */
export async function loadTypedNames(db: DbOrTx): Promise<TypedNames> {
  return typedNamesByEnglish(await typedNames(db));
}
