// Reference data every database needs: countries, the material taxonomy (EWC), Defra factors, SDGs and the
// built-in subscription plans. Runs at every start-up: one marker read when nothing changed; otherwise one
// transaction that brings the data up to the current version without deleting anything listings may point at.
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  app_meta,
  countries,
  defra_factors,
  first_level_subcategories,
  material_groups,
  sdgs,
  second_level_subcategories,
  subscription_plans,
  taxonomy_removals,
  third_level_subcategories,
} from '../../../drizzle/schema';
import type { SubscriptionPlanKind } from '../../../shared/constants/enums';
import { LIMITS } from '../../../shared/constants/limits';
import { DEFRA_FACTOR_SET } from '../../../shared/lib/impact';
import { HGV_FACTOR } from '../../../shared/lib/transport';
import { realignListingChains } from '../../modules/materials/service';
import type { Db, DbOrTx } from '../client';
import defraSnapshot from './data/defra.json' with { type: 'json' };
import ewcSnapshot from './data/ewc.json' with { type: 'json' };
import { DEFAULT_IMPACT_MAPPINGS } from './impact-mappings';
import { buildTaxonomy, type EwcRow, type TaxonomyGroup } from './material-taxonomy';

/** One row of the Defra snapshot (data/defra.json), kg CO2e per tonne. */
export interface DefraRow {
  table_name: 'material_use' | 'waste_disposal';
  activity: string;
  material: string;
  route_or_source: string;
  unit: string;
  kgco2e: number;
  source: string;
}

export const REFERENCE_META_KEY = 'reference_data';
/** Serialises concurrent seeders (several instances starting at once); any constant bigint will do. */
const ADVISORY_LOCK_KEY = 727_001_2023;

export const COUNTRIES = [
  { code: 'GR', name: 'Greece', currency_code: 'EUR', currency_symbol: '€', calling_code: '+30', is_signup: true },
  { code: 'DE', name: 'Germany', currency_code: 'EUR', currency_symbol: '€', calling_code: '+49', is_signup: true },
  { code: 'DK', name: 'Denmark', currency_code: 'DKK', currency_symbol: 'kr.', calling_code: '+45', is_signup: true },
  { code: 'AE', name: 'United Arab Emirates', currency_code: 'AED', currency_symbol: 'د.إ', calling_code: '+971', is_signup: true },
  { code: 'GB', name: 'United Kingdom', currency_code: 'GBP', currency_symbol: '£', calling_code: '+44', is_signup: true },
  { code: 'IT', name: 'Italy', currency_code: 'EUR', currency_symbol: '€', calling_code: '+39', is_signup: true },
  { code: 'RO', name: 'Romania', currency_code: 'RON', currency_symbol: 'lei', calling_code: '+40', is_signup: true },
  { code: 'MY', name: 'Malaysia', currency_code: 'MYR', currency_symbol: 'RM', calling_code: '+60', is_signup: true },
  // Known for currencies and addresses of partners abroad, but not offered at signup (SPEC: the list excludes AU).
  { code: 'AU', name: 'Australia', currency_code: 'AUD', currency_symbol: 'A$', calling_code: '+61', is_signup: false },
  { code: 'NL', name: 'Netherlands', currency_code: 'EUR', currency_symbol: '€', calling_code: '+31', is_signup: false },
  { code: 'SE', name: 'Sweden', currency_code: 'SEK', currency_symbol: 'kr', calling_code: '+46', is_signup: false },
  { code: 'SG', name: 'Singapore', currency_code: 'SGD', currency_symbol: 'S$', calling_code: '+65', is_signup: false },
  { code: 'US', name: 'United States', currency_code: 'USD', currency_symbol: '$', calling_code: '+1', is_signup: false },
] as const satisfies readonly (typeof countries.$inferInsert)[];

/** The 17 UN Sustainable Development Goals: official short names and colours of the UN SDG guidelines. */
export const SDGS = [
  { id: 1, code: 'SDG1', name: 'No Poverty', color: '#E5243B' },
  { id: 2, code: 'SDG2', name: 'Zero Hunger', color: '#DDA63A' },
  { id: 3, code: 'SDG3', name: 'Good Health and Well-being', color: '#4C9F38' },
  { id: 4, code: 'SDG4', name: 'Quality Education', color: '#C5192D' },
  { id: 5, code: 'SDG5', name: 'Gender Equality', color: '#FF3A21' },
  { id: 6, code: 'SDG6', name: 'Clean Water and Sanitation', color: '#26BDE2' },
  { id: 7, code: 'SDG7', name: 'Affordable and Clean Energy', color: '#FCC30B' },
  { id: 8, code: 'SDG8', name: 'Decent Work and Economic Growth', color: '#A21942' },
  { id: 9, code: 'SDG9', name: 'Industry, Innovation and Infrastructure', color: '#FD6925' },
  { id: 10, code: 'SDG10', name: 'Reduced Inequalities', color: '#DD1367' },
  { id: 11, code: 'SDG11', name: 'Sustainable Cities and Communities', color: '#FD9D24' },
  { id: 12, code: 'SDG12', name: 'Responsible Consumption and Production', color: '#BF8B2E' },
  { id: 13, code: 'SDG13', name: 'Climate Action', color: '#3F7E44' },
  { id: 14, code: 'SDG14', name: 'Life Below Water', color: '#0A97D9' },
  { id: 15, code: 'SDG15', name: 'Life on Land', color: '#56C02B' },
  { id: 16, code: 'SDG16', name: 'Peace, Justice and Strong Institutions', color: '#00689D' },
  { id: 17, code: 'SDG17', name: 'Partnerships for the Goals', color: '#19486A' },
] as const satisfies readonly (typeof sdgs.$inferInsert)[];

/** SPEC's hard-coded plans; every database has them, the demo or not. */
export const BUILTIN_PLANS = [
  {
    name: 'Initial plan',
    kind: 'initial',
    duration_days: LIMITS.initialPlanDays,
    description_title: 'Initial plan',
    description: 'Malaysia freemium',
    is_active: true,
    is_builtin: true,
  },
  {
    name: 'Extension',
    kind: 'extension',
    duration_days: LIMITS.extensionPlanDays,
    description_title: 'Extension',
    description: 'Extends the current subscription by 166 days',
    is_active: true,
    is_builtin: true,
  },
] as const satisfies readonly (typeof subscription_plans.$inferInsert & { kind: SubscriptionPlanKind })[];

export const EWC_ROWS = ewcSnapshot as EwcRow[];
export const DEFRA_ROWS = defraSnapshot as DefraRow[];

interface ReferenceDataset {
  taxonomy: TaxonomyGroup[];
  version: string;
}

let dataset: ReferenceDataset | null = null;

/** The taxonomy and a content hash of everything seeded: any change to the data re-seeds on the next start. */
export function referenceDataset(): ReferenceDataset {
  if (!dataset) {
    const taxonomy = buildTaxonomy(EWC_ROWS);
    const version = createHash('sha256')
      .update(JSON.stringify({ COUNTRIES, SDGS, BUILTIN_PLANS, DEFRA_FACTOR_SET, DEFRA_ROWS, HGV_FACTOR, taxonomy, DEFAULT_IMPACT_MAPPINGS }))
      .digest('hex')
      .slice(0, 16);
    dataset = { taxonomy, version };
  }
  return dataset;
}

async function isCurrent(db: DbOrTx, version: string): Promise<boolean> {
  const [row] = await db.select({ value: app_meta.value }).from(app_meta).where(eq(app_meta.key, REFERENCE_META_KEY));
  const stored = row?.value as { version?: unknown } | undefined;
  return stored?.version === version;
}

export async function seedReferenceData(db: Db): Promise<void> {
  const { taxonomy, version } = referenceDataset();
  if (await isCurrent(db, version)) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(ADVISORY_LOCK_KEY))})`);
    if (await isCurrent(tx, version)) return;
    await upsertCountries(tx);
    await upsertSdgs(tx);
    await upsertDefraFactors(tx);
    await syncTaxonomy(tx, taxonomy);
    await applyDefaultMappings(tx);
    await ensureBuiltinPlans(tx);
    const value = { version, factor_set: DEFRA_FACTOR_SET, seeded_at: new Date().toISOString() };
    await tx
      .insert(app_meta)
      .values({ key: REFERENCE_META_KEY, value })
      .onConflictDoUpdate({ target: app_meta.key, set: { value, updated_at: new Date() } });
  });
}

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

async function upsertCountries(tx: DbOrTx): Promise<void> {
  await tx
    .insert(countries)
    .values([...COUNTRIES])
    .onConflictDoUpdate({
      target: countries.code,
      set: {
        name: excluded('name'),
        currency_code: excluded('currency_code'),
        currency_symbol: excluded('currency_symbol'),
        calling_code: excluded('calling_code'),
        is_signup: excluded('is_signup'),
      },
    });
}

async function upsertSdgs(tx: DbOrTx): Promise<void> {
  await tx
    .insert(sdgs)
    .values([...SDGS])
    .onConflictDoUpdate({ target: sdgs.id, set: { code: excluded('code'), name: excluded('name'), color: excluded('color') } });
}

async function upsertDefraFactors(tx: DbOrTx): Promise<void> {
  await tx
    .insert(defra_factors)
    .values([...DEFRA_ROWS, HGV_FACTOR].map((r) => ({ ...r, factor_set: DEFRA_FACTOR_SET })))
    .onConflictDoUpdate({
      target: [defra_factors.factor_set, defra_factors.table_name, defra_factors.material, defra_factors.route_or_source],
      set: { activity: excluded('activity'), unit: excluded('unit'), kgco2e: excluded('kgco2e'), source: excluded('source') },
    });
}

/**
 * Brings the taxonomy to the current version, matching rows by their codes (slug for groups). Rows are
 * inserted or updated in place, never deleted: listings reference them. Administrators own the taxonomy once it
 * is seeded (docs/decisions/0072): a row they created or changed (`customized_at`) is never renamed or moved
 * back, a reference row they deleted or moved away (`taxonomy_removals`) is not brought back, and a row whose
 * parent they took away stays where it is. Listings follow their leaf wherever the sync moved it.
 */
async function syncTaxonomy(tx: DbOrTx, taxonomy: TaxonomyGroup[]): Promise<void> {
  const removals = await tx.select({ level: taxonomy_removals.level, key: taxonomy_removals.key }).from(taxonomy_removals);
  const removed = new Set(removals.map((r) => `${r.level}:${r.key}`));
  const gone = (level: number, key: string) => removed.has(`${level}:${key}`);
  const groups = taxonomy.filter((g) => !gone(0, g.slug));
  if (!groups.length) return;

  await tx
    .insert(material_groups)
    .values(
      groups.map((g) => ({
        name: g.name,
        slug: g.slug,
        code: g.code,
        kind: g.kind,
        description: g.description,
        sort_order: g.sort_order,
      })),
    )
    .onConflictDoUpdate({
      target: material_groups.slug,
      set: {
        name: excluded('name'),
        code: excluded('code'),
        kind: excluded('kind'),
        description: excluded('description'),
        sort_order: excluded('sort_order'),
      },
      setWhere: isNull(material_groups.customized_at),
    });
  // A group an administrator changed keeps its values, but gets the code it lacked before codes existed.
  await tx
    .update(material_groups)
    .set({
      code: sql`case ${sql.join(
        groups.map((g) => sql`when ${material_groups.slug} = ${g.slug} then ${g.code}`),
        sql` `,
      )} end`,
    })
    .where(
      and(
        isNull(material_groups.code),
        inArray(
          material_groups.slug,
          groups.map((g) => g.slug),
        ),
      ),
    );
  const groupRows = await tx
    .select({ id: material_groups.id, slug: material_groups.slug })
    .from(material_groups)
    .where(
      inArray(
        material_groups.slug,
        groups.map((g) => g.slug),
      ),
    );
  const groupId = new Map(groupRows.map((r) => [r.slug, r.id]));

  const l1Values = groups.flatMap((g) =>
    g.children
      .filter((l1) => !gone(1, `${g.slug}|${l1.code}`))
      .map((l1) => ({ material_group_id: groupId.get(g.slug)!, name: l1.name, code: l1.code })),
  );
  if (l1Values.length) {
    await tx
      .insert(first_level_subcategories)
      .values(l1Values)
      .onConflictDoUpdate({
        target: [first_level_subcategories.material_group_id, first_level_subcategories.code],
        set: { name: excluded('name') },
        setWhere: isNull(first_level_subcategories.customized_at),
      });
  }
  const l1Rows = await tx
    .select({
      id: first_level_subcategories.id,
      material_group_id: first_level_subcategories.material_group_id,
      code: first_level_subcategories.code,
    })
    .from(first_level_subcategories)
    .where(and(isNotNull(first_level_subcategories.code), inArray(first_level_subcategories.material_group_id, [...groupId.values()])));
  const l1Id = new Map(l1Rows.map((r) => [`${r.material_group_id}|${r.code}`, r.id]));

  // Second level has no unique key in the schema: match on (parent, code) by hand. A parent that is gone (deleted
  // or moved by an administrator) takes its reference children with it.
  const l2Wanted = groups.flatMap((g) =>
    g.children.flatMap((l1) => {
      const parent = l1Id.get(`${groupId.get(g.slug)}|${l1.code}`);
      if (parent === undefined) return [];
      return l1.children
        .filter((l2) => !gone(2, `${g.slug}|${l1.code}|${l2.code}`))
        .map((l2) => ({ first_level_subcategory_id: parent, name: l2.name, code: l2.code }));
    }),
  );
  const l2Existing = l1Id.size
    ? await tx
        .select({
          id: second_level_subcategories.id,
          parent: second_level_subcategories.first_level_subcategory_id,
          code: second_level_subcategories.code,
          name: second_level_subcategories.name,
          customized_at: second_level_subcategories.customized_at,
        })
        .from(second_level_subcategories)
        .where(and(isNotNull(second_level_subcategories.code), inArray(second_level_subcategories.first_level_subcategory_id, [...l1Id.values()])))
    : [];
  const l2Id = new Map(l2Existing.map((r) => [`${r.parent}|${r.code}`, r.id]));
  const l2Renamable = new Map(l2Existing.filter((r) => r.customized_at === null).map((r) => [r.id, r.name]));
  const l2Missing = l2Wanted.filter((w) => !l2Id.has(`${w.first_level_subcategory_id}|${w.code}`));
  if (l2Missing.length) {
    const inserted = await tx.insert(second_level_subcategories).values(l2Missing).returning({
      id: second_level_subcategories.id,
      parent: second_level_subcategories.first_level_subcategory_id,
      code: second_level_subcategories.code,
    });
    for (const r of inserted) l2Id.set(`${r.parent}|${r.code}`, r.id);
  }
  for (const w of l2Wanted) {
    const id = l2Id.get(`${w.first_level_subcategory_id}|${w.code}`)!;
    if (l2Renamable.has(id) && l2Renamable.get(id) !== w.name) {
      await tx.update(second_level_subcategories).set({ name: w.name }).where(eq(second_level_subcategories.id, id));
    }
  }

  // Leaf codes are unique across the taxonomy (EWC codes, K-/S- codes), so a leaf is matched on its code
  // alone: a remapped EWC entry moves to its new parent and keeps its id, and listings keep pointing at it.
  const leaves = groups.flatMap((g) =>
    g.children.flatMap((l1) => {
      const p1 = l1Id.get(`${groupId.get(g.slug)}|${l1.code}`);
      if (p1 === undefined) return [];
      return l1.children.flatMap((l2) => {
        const parent = l2Id.get(`${p1}|${l2.code}`);
        if (parent === undefined) return [];
        return l2.children
          .filter((leaf) => !gone(3, leaf.code!))
          .map((leaf) => ({ second_level_subcategory_id: parent, name: leaf.name, code: leaf.code, hazardous: leaf.hazardous }));
      });
    }),
  );
  const l3Existing = await tx
    .select({
      id: third_level_subcategories.id,
      parent: third_level_subcategories.second_level_subcategory_id,
      code: third_level_subcategories.code,
      name: third_level_subcategories.name,
      hazardous: third_level_subcategories.hazardous,
      customized_at: third_level_subcategories.customized_at,
    })
    .from(third_level_subcategories)
    .where(isNotNull(third_level_subcategories.code));
  const l3ByCode = new Map<string, (typeof l3Existing)[number]>();
  for (const r of l3Existing) if (r.code && !l3ByCode.has(r.code)) l3ByCode.set(r.code, r);
  const l3Missing = leaves.filter((l) => !l3ByCode.has(l.code!));
  if (l3Missing.length) await tx.insert(third_level_subcategories).values(l3Missing);
  let moved = false;
  for (const leaf of leaves) {
    const have = l3ByCode.get(leaf.code!);
    if (!have || have.customized_at !== null) continue;
    if (have.parent !== leaf.second_level_subcategory_id || have.name !== leaf.name || have.hazardous !== leaf.hazardous) {
      moved ||= have.parent !== leaf.second_level_subcategory_id;
      await tx
        .update(third_level_subcategories)
        .set({ second_level_subcategory_id: leaf.second_level_subcategory_id, name: leaf.name, hazardous: leaf.hazardous })
        .where(eq(third_level_subcategories.id, have.id));
    }
  }
  // A remapped entry took its listings' group and levels with it: the listings' copies of the chain follow.
  if (moved) await realignListingChains(tx);
}

/**
 * Writes the default impact mappings (impact-mappings.ts) onto the taxonomy: each reference group's own, and each
 * listed subcategory's, found by its seed key. A subcategory that had a default the table no longer lists inherits
 * again. Nodes whose mapping an administrator set or removed (`mapping_customized_at`) are left as they are.
 */
async function applyDefaultMappings(tx: DbOrTx): Promise<void> {
  const clear = { defra_material: null, basis: null, counterfactual_route: null };
  await tx.update(first_level_subcategories).set(clear).where(isNull(first_level_subcategories.mapping_customized_at));
  await tx.update(second_level_subcategories).set(clear).where(isNull(second_level_subcategories.mapping_customized_at));
  await tx.update(third_level_subcategories).set(clear).where(isNull(third_level_subcategories.mapping_customized_at));
  for (const g of DEFAULT_IMPACT_MAPPINGS) {
    await tx
      .update(material_groups)
      .set(g.mapping)
      .where(and(eq(material_groups.slug, g.group), isNull(material_groups.mapping_customized_at)));
    for (const x of g.exceptions) {
      if (x.level === 'third') {
        await tx
          .update(third_level_subcategories)
          .set(x.mapping)
          .where(and(eq(third_level_subcategories.code, x.code), isNull(third_level_subcategories.mapping_customized_at)));
      } else if (x.level === 'second') {
        await tx.execute(sql`update second_level_subcategories s
          set defra_material = ${x.mapping.defra_material}, basis = ${x.mapping.basis}, counterfactual_route = ${x.mapping.counterfactual_route}
          from first_level_subcategories f join material_groups g on g.id = f.material_group_id
          where f.id = s.first_level_subcategory_id and g.slug = ${g.group} and s.code = ${x.code} and s.mapping_customized_at is null`);
      } else {
        await tx.execute(sql`update first_level_subcategories f
          set defra_material = ${x.mapping.defra_material}, basis = ${x.mapping.basis}, counterfactual_route = ${x.mapping.counterfactual_route}
          from material_groups g
          where g.id = f.material_group_id and g.slug = ${g.group} and f.code = ${x.code} and f.mapping_customized_at is null`);
      }
    }
  }
}

async function ensureBuiltinPlans(tx: DbOrTx): Promise<void> {
  const existing = await tx.select({ kind: subscription_plans.kind }).from(subscription_plans).where(eq(subscription_plans.is_builtin, true));
  const have = new Set(existing.map((p) => p.kind));
  const missing = BUILTIN_PLANS.filter((p) => !have.has(p.kind));
  if (missing.length) await tx.insert(subscription_plans).values(missing.map((p) => ({ ...p })));
}
