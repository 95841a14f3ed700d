// Listing data access: `fn(db | tx, params)`, explicit columns, no authorization (the service decides).
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  bulk_upload_access_requests,
  companies,
  company_addresses,
  company_material_groups,
  exchanges,
  first_level_subcategories,
  listing_digests,
  material_groups,
  material_images,
  material_sdgs,
  materials,
  offers,
  recommendation_clicks,
  recommendation_displays,
  saved_searches,
  sdgs,
  second_level_subcategories,
  sub_listings,
  third_level_subcategories,
  users,
} from '../../../drizzle/schema';
import type { ListingKind, ListingStatus, MaterialGroupKind } from '../../../shared/constants/enums';
import type { LatLng } from '../../../shared/lib/geo';
import type { AdminMaterialsInput } from '../../../shared/schemas/materials';
import type { DbOrTx } from '../../db/client';
import { firstRow, hasRow } from '../../db/rows';
import { withListingParts } from '../../db/joins';
import { preparedOn, statementText } from '../../db/prepared';
import { centerOf, escapeLike, listingPoint, listItemColumns, notFromUnapprovedCompany, notFullyReserved } from './search';

// ---- companies, addresses, taxonomy -------------------------------------------------------------------------

export async function findCompanyCenter(db: DbOrTx, companyId: number): Promise<LatLng | null> {
  return firstRow(
    db
      .select({ lat: company_addresses.latitude, lng: company_addresses.longitude })
      .from(company_addresses)
      .where(and(eq(company_addresses.company_id, companyId), eq(company_addresses.is_primary, true)))
      .orderBy(asc(company_addresses.id)),
  );
}

/** The given address of the company, or its primary one (then its first) when none is given. */
export async function findCompanyAddress(db: DbOrTx, companyId: number, addressId: number | null | undefined) {
  const cols = { id: company_addresses.id, latitude: company_addresses.latitude, longitude: company_addresses.longitude };
  const where = addressId
    ? and(eq(company_addresses.company_id, companyId), eq(company_addresses.id, addressId))
    : eq(company_addresses.company_id, companyId);
  return firstRow(db.select(cols).from(company_addresses).where(where).orderBy(desc(company_addresses.is_primary), asc(company_addresses.id)));
}

export interface TaxonomyChain {
  material_group_id: number;
  first_level_subcategory_id: number | null;
  second_level_subcategory_id: number | null;
  third_level_subcategory_id: number | null;
  /** The most specific code on the chain (a leaf's EWC code, else its parents'). */
  code: string | null;
}

// What each level adds to a chain's row: its id and code (the first level also names the group).
const firstOfChain = {
  first: first_level_subcategories.id,
  first_code: first_level_subcategories.code,
  group: first_level_subcategories.material_group_id,
};
const secondOfChain = { second: second_level_subcategories.id, second_code: second_level_subcategories.code };

/** The chain a row of ids names, read up from its deepest level; its code is the most specific one on it. */
function toChain(r: {
  group: number;
  first: number;
  first_code: string | null;
  second?: number;
  second_code?: string | null;
  third?: number;
  third_code?: string | null;
}): TaxonomyChain {
  return {
    material_group_id: r.group,
    first_level_subcategory_id: r.first,
    second_level_subcategory_id: r.second ?? null,
    third_level_subcategory_id: r.third ?? null,
    code: r.third_code ?? r.second_code ?? r.first_code,
  };
}

async function chainFromThird(db: DbOrTx, where: SQL): Promise<TaxonomyChain | null> {
  const [r] = await db
    .select({ third: third_level_subcategories.id, third_code: third_level_subcategories.code, ...secondOfChain, ...firstOfChain })
    .from(third_level_subcategories)
    .innerJoin(second_level_subcategories, eq(second_level_subcategories.id, third_level_subcategories.second_level_subcategory_id))
    .innerJoin(first_level_subcategories, eq(first_level_subcategories.id, second_level_subcategories.first_level_subcategory_id))
    .where(where)
    .limit(1);
  return r ? toChain(r) : null;
}

async function chainFromSecond(db: DbOrTx, where: SQL): Promise<TaxonomyChain | null> {
  const [r] = await db
    .select({ ...secondOfChain, ...firstOfChain })
    .from(second_level_subcategories)
    .innerJoin(first_level_subcategories, eq(first_level_subcategories.id, second_level_subcategories.first_level_subcategory_id))
    .where(where)
    .limit(1);
  return r ? toChain(r) : null;
}

async function chainFromFirst(db: DbOrTx, where: SQL): Promise<TaxonomyChain | null> {
  const [r] = await db.select(firstOfChain).from(first_level_subcategories).where(where).limit(1);
  return r ? toChain(r) : null;
}

export function materialGroupExists(db: DbOrTx, id: number): Promise<boolean> {
  return hasRow(db.select({ id: material_groups.id }).from(material_groups).where(eq(material_groups.id, id)));
}

/** The taxonomy chain for a code of any level (leaf codes first, as they are the most specific). */
export const chainFromThirdId = (db: DbOrTx, id: number) => chainFromThird(db, eq(third_level_subcategories.id, id));
export const chainFromSecondId = (db: DbOrTx, id: number) => chainFromSecond(db, eq(second_level_subcategories.id, id));
export const chainFromFirstId = (db: DbOrTx, id: number) => chainFromFirst(db, eq(first_level_subcategories.id, id));

export async function chainFromCode(db: DbOrTx, code: string): Promise<TaxonomyChain | null> {
  return (
    (await chainFromThird(db, eq(third_level_subcategories.code, code))) ??
    (await chainFromSecond(db, eq(second_level_subcategories.code, code))) ??
    (await chainFromFirst(db, eq(first_level_subcategories.code, code)))
  );
}

/**
 * Listings keep a copy of their taxonomy chain (group, levels, code) for search. After the taxonomy changed shape
 * (a subcategory moved or was recoded), the copies are recomputed from each listing's most specific level,
 * exactly as the listing editor derives them (docs/decisions/0025, 0072). `scope` limits the work to the listings
 * under one node; without it every listing whose copy disagrees is fixed.
 */
export async function realignListingChains(db: DbOrTx, scope?: { level: 1 | 2 | 3; id: number }): Promise<number> {
  const column = { 1: 'first_level_subcategory_id', 2: 'second_level_subcategory_id', 3: 'third_level_subcategory_id' } as const;
  const inScope = scope ? sql`and m.${sql.raw(column[scope.level])} = ${scope.id}` : sql``;
  // postgres-js answers with the returned rows, PGlite with { rows }.
  const changed = (r: unknown) => (Array.isArray(r) ? r.length : ((r as { rows?: unknown[] }).rows?.length ?? 0));
  const a = await db.execute(sql`
    update materials m set
      material_group_id = f.material_group_id,
      first_level_subcategory_id = f.id,
      second_level_subcategory_id = s.id,
      material_group_code = coalesce(t.code, s.code, f.code)
    from third_level_subcategories t
    join second_level_subcategories s on s.id = t.second_level_subcategory_id
    join first_level_subcategories f on f.id = s.first_level_subcategory_id
    where m.third_level_subcategory_id = t.id ${inScope}
      and (m.material_group_id is distinct from f.material_group_id or m.first_level_subcategory_id is distinct from f.id
        or m.second_level_subcategory_id is distinct from s.id or m.material_group_code is distinct from coalesce(t.code, s.code, f.code))
    returning m.id`);
  const b = await db.execute(sql`
    update materials m set
      material_group_id = f.material_group_id,
      first_level_subcategory_id = f.id,
      material_group_code = coalesce(s.code, f.code)
    from second_level_subcategories s
    join first_level_subcategories f on f.id = s.first_level_subcategory_id
    where m.third_level_subcategory_id is null and m.second_level_subcategory_id = s.id ${inScope}
      and (m.material_group_id is distinct from f.material_group_id or m.first_level_subcategory_id is distinct from f.id
        or m.material_group_code is distinct from coalesce(s.code, f.code))
    returning m.id`);
  const c = await db.execute(sql`
    update materials m set material_group_id = f.material_group_id, material_group_code = f.code
    from first_level_subcategories f
    where m.third_level_subcategory_id is null and m.second_level_subcategory_id is null and m.first_level_subcategory_id = f.id ${inScope}
      and (m.material_group_id is distinct from f.material_group_id or m.material_group_code is distinct from f.code)
    returning m.id`);
  return changed(a) + changed(b) + changed(c);
}

export function existingSdgIds(db: DbOrTx, ids: number[]) {
  return db.select({ id: sdgs.id }).from(sdgs).where(inArray(sdgs.id, ids));
}

// ---- listings ----------------------------------------------------------------------------------------------

export type MaterialInsert = typeof materials.$inferInsert;

export async function insertMaterial(tx: DbOrTx, values: MaterialInsert) {
  const [row] = await tx.insert(materials).values(values).returning({ id: materials.id, uuid: materials.uuid });
  return row!;
}

/** What every listing of one bulk upload shares: its company, uploader and address. */
export type ImportCommon = Pick<MaterialInsert, 'kind' | 'company_id' | 'created_by_user_id' | 'address_id' | 'latitude' | 'longitude'>;

/** A bulk upload row's own columns (every other column takes its default), with its SDG ids. */
export type ImportedListing = Pick<
  MaterialInsert,
  | 'title'
  | 'description'
  | 'category'
  | 'material_group_id'
  | 'first_level_subcategory_id'
  | 'second_level_subcategory_id'
  | 'third_level_subcategory_id'
  | 'material_group_code'
  | 'frequency'
  | 'quantity'
  | 'quantity_unit'
  | 'condition'
  | 'type'
  | 'final_use'
> & { sdg_ids: number[] };

/** The per-row columns in the order of the statement's unnest; sdg_ids travel as text ("2,12"). */
const IMPORTED_COLUMNS = [
  ['title', 'text'],
  ['description', 'text'],
  ['category', 'text'],
  ['material_group_id', 'int'],
  ['first_level_subcategory_id', 'int'],
  ['second_level_subcategory_id', 'int'],
  ['third_level_subcategory_id', 'int'],
  ['material_group_code', 'text'],
  ['frequency', 'text'],
  ['quantity', 'int'],
  ['quantity_unit', 'text'],
  ['condition', 'text'],
  ['type', 'text'],
  ['final_use', 'text'],
] as const satisfies readonly (readonly [Exclude<keyof ImportedListing, 'sdg_ids'>, 'text' | 'int'])[];

/** A Postgres array literal of these values: `{"a \\"b\\"",NULL,3}` (elements quoted, `"` and `\\` escaped). */
export function arrayLiteral(values: readonly (string | number | null | undefined)[]): string {
  const element = (v: string | number | null | undefined) =>
    v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/[\\"]/g, '\\$&')}"`;
  return `{${values.map(element).join(',')}}`;
}

/**
 * A bulk upload's listings and their SDG links in one statement: one array parameter per column (unnest), not
 * a parameter per cell. A multi-row VALUES of 500 listings is 10,000 parameters, which the query builder took
 * about 50 ms of CPU to assemble and Postgres then bound one by one. Each row draws its id from the sequence in a
 * materialized CTE, so the links name their listing by construction. Returns the ids in input order.
 */
export async function insertImportedListings(tx: DbOrTx, common: ImportCommon, rows: readonly ImportedListing[]): Promise<number[]> {
  if (!rows.length) return [];
  const result = await tx.execute(importedListingsStatement(common, rows));
  const out = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return (out as { id: number }[]).map((r) => Number(r.id));
}

/** The statement behind insertImportedListings (scripts/bench explains it). */
export function importedListingsStatement(common: ImportCommon, rows: readonly ImportedListing[]): SQL {
  const arrays = sql.join(
    [
      ...IMPORTED_COLUMNS.map(([column, type]) => sql`${arrayLiteral(rows.map((r) => r[column]))}::${sql.raw(type)}[]`),
      sql`${arrayLiteral(rows.map((r) => r.sdg_ids.join(',')))}::text[]`,
    ],
    sql`, `,
  );
  const names = sql.raw(IMPORTED_COLUMNS.map(([c]) => c).join(', '));
  return sql`
    with input as materialized (
      select nextval(pg_get_serial_sequence('materials', 'id'))::int as id, u.*
      from unnest(${arrays}) with ordinality as u(${names}, sdg_ids, i)
    ),
    listings as (
      insert into materials (id, kind, company_id, created_by_user_id, address_id, latitude, longitude, ${names})
      select id, ${common.kind ?? 'offering'}, ${common.company_id}::int, ${common.created_by_user_id ?? null}::int, ${common.address_id ?? null}::int,
             ${common.latitude ?? null}::float8, ${common.longitude ?? null}::float8, ${names}
      from input order by i
    ),
    links as (
      insert into material_sdgs (material_id, sdg_id)
      select id, unnest(string_to_array(sdg_ids, ','))::int from input where sdg_ids <> ''
    )
    select id from input order by i`;
}

/** The chains of many codes at once, each with its group's kind (the quantity unit depends on it). */
export async function chainsFromCodes(db: DbOrTx, codes: readonly string[]): Promise<Map<string, TaxonomyChain & { group_kind: MaterialGroupKind }>> {
  if (!codes.length) return new Map();
  const list = sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );
  // Leaf codes first, as chainFromCode reads them: the same code on a deeper level is the more specific one.
  const result = await db.execute(sql`
    select distinct on (x.matched) x.matched, x.group_id, x.first_id, x.second_id, x.third_id, x.code, g.kind
    from (
      select t.code as matched, 3 as depth, f.material_group_id as group_id, f.id as first_id, s.id as second_id, t.id as third_id,
             coalesce(t.code, s.code, f.code) as code
      from third_level_subcategories t
      join second_level_subcategories s on s.id = t.second_level_subcategory_id
      join first_level_subcategories f on f.id = s.first_level_subcategory_id
      where t.code in (${list})
      union all
      select s.code, 2, f.material_group_id, f.id, s.id, null, coalesce(s.code, f.code)
      from second_level_subcategories s
      join first_level_subcategories f on f.id = s.first_level_subcategory_id
      where s.code in (${list})
      union all
      select f.code, 1, f.material_group_id, f.id, null, null, f.code
      from first_level_subcategories f
      where f.code in (${list})
    ) x
    join material_groups g on g.id = x.group_id
    order by x.matched, x.depth desc, x.third_id, x.second_id, x.first_id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    matched: string;
    group_id: number;
    first_id: number | null;
    second_id: number | null;
    third_id: number | null;
    code: string | null;
    kind: MaterialGroupKind;
  }[];
  return new Map(
    rows.map((r) => [
      r.matched,
      {
        material_group_id: r.group_id,
        first_level_subcategory_id: r.first_id,
        second_level_subcategory_id: r.second_id,
        third_level_subcategory_id: r.third_id,
        code: r.code,
        group_kind: r.kind,
      },
    ]),
  );
}

export async function updateMaterial(tx: DbOrTx, id: number, values: Partial<MaterialInsert>) {
  await tx.update(materials).set(values).where(eq(materials.id, id));
}

/** Photos and goals are replaced as a whole; sub-listings keep their rows (offers name them): syncSubListings. */
export async function replaceChildren(tx: DbOrTx, materialId: number, c: { images: { storage_key: string; name: string }[]; sdg_ids: number[] }) {
  await tx.delete(material_images).where(eq(material_images.material_id, materialId));
  await tx.delete(material_sdgs).where(eq(material_sdgs.material_id, materialId));
  if (c.images.length)
    await tx
      .insert(material_images)
      .values(c.images.map((im, position) => ({ material_id: materialId, storage_key: im.storage_key, name: im.name, position })));
  if (c.sdg_ids.length) await tx.insert(material_sdgs).values(c.sdg_ids.map((sdg_id) => ({ material_id: materialId, sdg_id })));
}

export type SubListingValues = { title: string; description: string | null; quantity: number };

/** A listing's sub-listings after an edit: rows kept (by id, changed in place), new ones, and ids removed. */
export async function syncSubListings(
  tx: DbOrTx,
  materialId: number,
  plan: { keep: (SubListingValues & { id: number })[]; add: SubListingValues[]; remove: number[] },
) {
  if (plan.remove.length) await tx.delete(sub_listings).where(and(eq(sub_listings.material_id, materialId), inArray(sub_listings.id, plan.remove)));
  for (const k of plan.keep) {
    await tx
      .update(sub_listings)
      .set({ title: k.title, description: k.description, quantity: k.quantity })
      .where(and(eq(sub_listings.id, k.id), eq(sub_listings.material_id, materialId)));
  }
  if (plan.add.length) await tx.insert(sub_listings).values(plan.add.map((s) => ({ material_id: materialId, ...s })));
}

// ---- stock (docs/decisions/0175) ----------------------------------------------------------------------------

/**
 * Locks the listing's row for the rest of the transaction and reads its stock and its sub-listings'. Every change
 * to what is reserved (an acceptance, an unsuccessful end) and every edit takes this lock first, so they run one
 * after the other per listing and each reads the stock the one before left. FOR NO KEY UPDATE: new offers (whose
 * foreign key takes a KEY SHARE lock) are not held up.
 */
export async function lockStock(tx: DbOrTx, materialId: number) {
  const [row] = await tx
    .select({ id: materials.id, quantity: materials.quantity, reserved_quantity: materials.reserved_quantity })
    .from(materials)
    .where(eq(materials.id, materialId))
    .for('no key update');
  if (!row) return null;
  const subs = await tx
    .select({ id: sub_listings.id, title: sub_listings.title, quantity: sub_listings.quantity, reserved_quantity: sub_listings.reserved_quantity })
    .from(sub_listings)
    .where(eq(sub_listings.material_id, materialId))
    .orderBy(asc(sub_listings.id));
  return { ...row, sub_listings: subs };
}
export type ListingStock = NonNullable<Awaited<ReturnType<typeof lockStock>>>;

/** Which of these sub-listings a pending offer names (an edit may not remove those). */
export async function subListingsWithPendingOffers(tx: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .selectDistinct({ id: offers.sub_listing_id })
    .from(offers)
    .where(and(inArray(offers.sub_listing_id, [...ids]), inArray(offers.status, ['pending', 'countered'])));
  return new Set(rows.map((r) => r.id!));
}

/**
 * shared/lib/stock.ts `reservesStock` in SQL: accepted, and the synergy (if any) not ended unsuccessfully. `o` is
 * the offers row, `e` its synergy (left-joined).
 */
const reservingOffer = sql`o.status = 'accepted' and not coalesce(e.level_of_completion = 'COMPLETED' and e.successful = false, false)`;

/**
 * Recomputes what the listing and its sub-listings have reserved from their offers, in the caller's transaction
 * (which holds lockStock). A sum, not an increment: it is right whatever happened before, and reads the
 * acceptance or end the transaction has just written. A raw statement: a reservation is not an edit, so the
 * listing's updated_at stays.
 */
export async function refreshReservations(tx: DbOrTx, materialId: number) {
  await tx.execute(sql`
    update ${materials} m set reserved_quantity = r.reserved
    from (select coalesce(sum(o.quantity), 0)::int as reserved
          from ${offers} o left join ${exchanges} e on e.offer_id = o.id
          where o.material_id = ${materialId} and ${reservingOffer}) r
    where m.id = ${materialId} and m.reserved_quantity <> r.reserved`);
  await tx.execute(sql`
    update ${sub_listings} s set reserved_quantity = r.reserved
    from (select s2.id, coalesce(sum(o.quantity) filter (where ${reservingOffer}), 0)::int as reserved
          from ${sub_listings} s2
          left join ${offers} o on o.sub_listing_id = s2.id
          left join ${exchanges} e on e.offer_id = o.id
          where s2.material_id = ${materialId}
          group by s2.id) r
    where s.id = r.id and s.reserved_quantity <> r.reserved`);
}

/** What a write needs to decide: whose listing it is, what kind and in which state. */
export async function findMaterialHead(db: DbOrTx, id: number) {
  return firstRow(
    db
      .select({ id: materials.id, uuid: materials.uuid, company_id: materials.company_id, kind: materials.kind, status: materials.status })
      .from(materials)
      .where(eq(materials.id, id)),
  );
}

export function findImages(db: DbOrTx, materialId: number) {
  return db
    .select({ storage_key: material_images.storage_key, name: material_images.name, position: material_images.position })
    .from(material_images)
    .where(eq(material_images.material_id, materialId))
    .orderBy(asc(material_images.position));
}

/** Which of these keys some listing still shows (demo listings share photos). */
export async function imageKeysInUse(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.selectDistinct({ key: material_images.storage_key }).from(material_images).where(inArray(material_images.storage_key, keys));
  return new Set(rows.map((r) => r.key));
}

/** Deletes the listing; false when it was already gone (a concurrent delete got there first). */
export async function deleteMaterial(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx.delete(materials).where(eq(materials.id, id)).returning({ id: materials.id });
  return rows.length === 1;
}

export async function setStatus(tx: DbOrTx, id: number, from: ListingStatus, to: ListingStatus): Promise<boolean> {
  // The `from` guard makes two concurrent clicks apply once.
  const rows = await tx
    .update(materials)
    .set({ status: to })
    .where(and(eq(materials.id, id), eq(materials.status, from)))
    .returning({ id: materials.id });
  return rows.length === 1;
}

/** The full listing for the detail screen and the editor. */
/** A JSON array column (postgres-js and PGlite parse json; a driver handing back text is parsed here). */
const jsonRows = <T>(query: SQL) =>
  sql<T[]>`coalesce((${query}), '[]'::json)`.mapWith((v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T[]);

/**
 * A listing with everything its page shows, in one prepared statement: its photos, goals and sub-listings as
 * JSON arrays. Prepared (server/db/prepared.ts): the most requested read is built and planned once per
 * connection, not per request. The same for every viewer (the service adds the viewer's distance), so the
 * service can keep it in its read cache.
 */
const detailQuery = (db: DbOrTx) =>
  withListingParts(
    db
      .select({
        ...listItemColumns(null),
        first_level_subcategory_id: materials.first_level_subcategory_id,
        second_level_subcategory_id: materials.second_level_subcategory_id,
        third_level_subcategory_id: materials.third_level_subcategory_id,
        address_id: materials.address_id,
        address: company_addresses.address,
        zip_code: company_addresses.zip_code,
        state: company_addresses.state,
        company_status: companies.status,
        updated_at: materials.updated_at,
        images: jsonRows<{ storage_key: string; name: string; position: number }>(
          sql`select json_agg(json_build_object('storage_key', i.storage_key, 'name', i.name, 'position', i.position) order by i.position)
            from ${material_images} i where i.material_id = ${materials.id}`,
        ),
        sdg_goals: jsonRows<{ id: number; code: string; name: string; color: string }>(
          sql`select json_agg(json_build_object('id', g.id, 'code', g.code, 'name', g.name, 'color', g.color) order by g.id)
            from ${material_sdgs} ms join ${sdgs} g on g.id = ms.sdg_id where ms.material_id = ${materials.id}`,
        ),
        sub_listings: jsonRows<{ id: number; title: string; description: string; quantity: number; reserved_quantity: number }>(
          sql`select json_agg(json_build_object('id', s.id, 'title', s.title, 'description', s.description, 'quantity', s.quantity,
              'reserved_quantity', s.reserved_quantity) order by s.id)
            from ${sub_listings} s where s.material_id = ${materials.id}`,
        ),
      })
      .from(materials)
      .$dynamic(),
  )
    .where(eq(materials.id, sql.placeholder('id')))
    .limit(1);
const detailStatement = (db: DbOrTx) => detailQuery(db).prepare('material_detail');
/** The statement's text and its placeholders' names in order (the benchmark's floor runs the same SQL). */
export const detailStatementSql = (db: DbOrTx) => statementText(detailQuery(db).toSQL());

export async function findMaterialDetail(db: DbOrTx, id: number) {
  const [row] = await preparedOn(db, 'material_detail', detailStatement).execute({ id });
  return row ?? null;
}
export type MaterialDetailRow = NonNullable<Awaited<ReturnType<typeof findMaterialDetail>>>;

export function ownListWhere(companyId: number, kinds: ListingKind[], status: ListingStatus | undefined) {
  return and(eq(materials.company_id, companyId), inArray(materials.kind, kinds), status ? eq(materials.status, status) : undefined)!;
}

export function listPage(db: DbOrTx, where: SQL | undefined, page: number, size: number) {
  return withListingParts(db.select(listItemColumns(null)).from(materials).$dynamic())
    .where(where)
    .orderBy(desc(materials.created_at), desc(materials.id))
    .limit(size)
    .offset(page * size);
}

export async function countWhere(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(materials).where(where);
  return Number(row?.n ?? 0);
}

export function adminWhere(input: AdminMaterialsInput): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (input.status) conds.push(eq(materials.status, input.status));
  if (input.kind) conds.push(eq(materials.kind, input.kind));
  if (input.category) conds.push(eq(materials.category, input.category));
  if (input.company_id) conds.push(eq(materials.company_id, input.company_id));
  if (input.q) conds.push(ilike(materials.title, `%${escapeLike(input.q)}%`));
  return conds.length ? and(...conds) : undefined;
}

export async function adminStats(db: DbOrTx) {
  const by = async (col: typeof materials.category | typeof materials.status | typeof materials.kind) => {
    const rows = await db.select({ key: col, n: count() }).from(materials).groupBy(col);
    return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)])) as Record<string, number>;
  };
  const [by_category, by_status, by_kind] = [await by(materials.category), await by(materials.status), await by(materials.kind)];
  return { by_category, by_status, by_kind, total: Object.values(by_kind).reduce((a, b) => a + b, 0) };
}

/** Listings created per UTC month in [start, end), by category and kind (statistics). */
export function createdByMonth(db: DbOrTx, start: Date, end: Date) {
  const month = sql<string>`to_char(${materials.created_at} at time zone 'UTC', 'YYYY-MM')`;
  return db
    .select({ month, category: materials.category, kind: materials.kind, n: sql<number>`count(*)::int` })
    .from(materials)
    .where(and(gte(materials.created_at, start), lt(materials.created_at, end)))
    .groupBy(month, materials.category, materials.kind);
}

/** Recommendation displays and clicks per UTC month in [start, end). */
export async function recommendationsByMonth(db: DbOrTx, start: Date, end: Date) {
  const displayMonth = sql<string>`to_char(${recommendation_displays.created_at} at time zone 'UTC', 'YYYY-MM')`;
  const clickMonth = sql<string>`to_char(${recommendation_clicks.created_at} at time zone 'UTC', 'YYYY-MM')`;
  const [displays, clicks] = await Promise.all([
    db
      .select({ month: displayMonth, n: sql<number>`count(*)::int` })
      .from(recommendation_displays)
      .where(and(gte(recommendation_displays.created_at, start), lt(recommendation_displays.created_at, end)))
      .groupBy(displayMonth),
    db
      .select({ month: clickMonth, n: sql<number>`count(*)::int` })
      .from(recommendation_clicks)
      .where(and(gte(recommendation_clicks.created_at, start), lt(recommendation_clicks.created_at, end)))
      .groupBy(clickMonth),
  ]);
  return { displays, clicks };
}

export async function totalDisplays(db: DbOrTx): Promise<number> {
  const [c] = await db.select({ n: count() }).from(recommendation_displays);
  return Number(c?.n ?? 0);
}

/** Countries of the addresses that active listings stand at. */
export async function activeCountryCodes(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ country: company_addresses.country })
    .from(company_addresses)
    .where(sql`exists (select 1 from ${materials} where ${materials.address_id} = ${company_addresses.id} and ${materials.status} = 'active')`)
    .orderBy(asc(company_addresses.country));
  return rows.map((r) => r.country);
}

// ---- recommendations ---------------------------------------------------------------------------------------

export async function interestedGroupIds(db: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: company_material_groups.material_group_id })
    .from(company_material_groups)
    .where(and(eq(company_material_groups.company_id, companyId), eq(company_material_groups.relation, 'interested')));
  return rows.map((r) => r.id);
}

const recommendableWhere = (companyId: number) =>
  and(
    eq(materials.status, 'active'),
    eq(materials.kind, 'offering'),
    ne(materials.company_id, companyId),
    notFullyReserved,
    notFromUnapprovedCompany,
  )!;

const candidateColumns = (center: LatLng | null) => ({
  ...listItemColumns(center),
});

function candidateQuery(db: DbOrTx, center: LatLng | null, where: SQL) {
  return withListingParts(db.select(candidateColumns(center)).from(materials).$dynamic()).where(where);
}

/** Candidates: the nearest listings and the nearest in the interested groups (KNN index); the service ranks. */
export async function recommendationCandidates(db: DbOrTx, companyId: number, center: LatLng | null, groupIds: number[], perSource = 60) {
  const base = recommendableWhere(companyId);
  const near = center
    ? await candidateQuery(db, center, base)
        .orderBy(sql`${listingPoint} <-> ${centerOf(center)}`)
        .limit(perSource)
    : await candidateQuery(db, null, base).orderBy(desc(materials.created_at)).limit(perSource);
  const matchWhere = and(base, inArray(materials.material_group_id, groupIds))!;
  const matching = !groupIds.length
    ? []
    : center
      ? await candidateQuery(db, center, matchWhere)
          .orderBy(sql`${listingPoint} <-> ${centerOf(center)}`)
          .limit(perSource)
      : await candidateQuery(db, null, matchWhere).orderBy(desc(materials.created_at)).limit(perSource);
  const byId = new Map<number, (typeof near)[number]>();
  for (const r of [...near, ...matching]) byId.set(r.id, r);
  return [...byId.values()];
}

export async function logClick(db: DbOrTx, userId: number, companyId: number, materialId: number) {
  const [row] = await db
    .insert(recommendation_clicks)
    .values({ user_id: userId, company_id: companyId, material_id: materialId })
    .returning({ id: recommendation_clicks.id, created_at: recommendation_clicks.created_at });
  return row!;
}

export async function displaysPage(db: DbOrTx, companyId: number, page: number, size: number) {
  const where = eq(recommendation_displays.company_id, companyId);
  const items = await db
    .select({
      id: recommendation_displays.id,
      material_id: recommendation_displays.material_id,
      title: materials.title,
      user_id: recommendation_displays.user_id,
      displayed_at: recommendation_displays.created_at,
    })
    .from(recommendation_displays)
    .innerJoin(materials, eq(materials.id, recommendation_displays.material_id))
    .where(where)
    .orderBy(desc(recommendation_displays.id))
    .limit(size)
    .offset(page * size);
  const [c] = await db.select({ n: count() }).from(recommendation_displays).where(where);
  return { items, total: Number(c?.n ?? 0) };
}

export async function totalClicks(db: DbOrTx): Promise<number> {
  const [c] = await db.select({ n: count() }).from(recommendation_clicks);
  return Number(c?.n ?? 0);
}

export function isVisibleListing(db: DbOrTx, id: number): Promise<boolean> {
  return hasRow(
    db
      .select({ id: materials.id })
      .from(materials)
      .innerJoin(companies, eq(companies.id, materials.company_id))
      .where(and(eq(materials.id, id), eq(materials.status, 'active'), eq(companies.status, 'approved'))),
  );
}

// ---- bulk upload access ------------------------------------------------------------------------------------

const accessColumns = {
  id: bulk_upload_access_requests.id,
  company_id: bulk_upload_access_requests.company_id,
  status: bulk_upload_access_requests.status,
  requested_by_user_id: bulk_upload_access_requests.requested_by_user_id,
  reviewed_by_user_id: bulk_upload_access_requests.reviewed_by_user_id,
  reviewed_at: bulk_upload_access_requests.reviewed_at,
  created_at: bulk_upload_access_requests.created_at,
};

/** Serialises a company's bulk-access requests (row lock on the company until the transaction ends). */
export async function lockCompany(tx: DbOrTx, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('no key update');
}

export async function latestAccessRequest(db: DbOrTx, companyId: number) {
  return firstRow(
    db
      .select(accessColumns)
      .from(bulk_upload_access_requests)
      .where(eq(bulk_upload_access_requests.company_id, companyId))
      .orderBy(desc(bulk_upload_access_requests.id)),
  );
}

export function hasGrantedAccess(db: DbOrTx, companyId: number): Promise<boolean> {
  return hasRow(
    db
      .select({ id: bulk_upload_access_requests.id })
      .from(bulk_upload_access_requests)
      .where(and(eq(bulk_upload_access_requests.company_id, companyId), eq(bulk_upload_access_requests.status, 'granted'))),
  );
}

export async function insertAccessRequest(db: DbOrTx, companyId: number, userId: number) {
  const [row] = await db.insert(bulk_upload_access_requests).values({ company_id: companyId, requested_by_user_id: userId }).returning(accessColumns);
  return row!;
}

export async function findAccessRequest(db: DbOrTx, id: number) {
  return firstRow(db.select(accessColumns).from(bulk_upload_access_requests).where(eq(bulk_upload_access_requests.id, id)));
}

export async function decideAccessRequest(db: DbOrTx, id: number, status: 'granted' | 'denied', reviewerId: number) {
  const [row] = await db
    .update(bulk_upload_access_requests)
    .set({ status, reviewed_by_user_id: reviewerId, reviewed_at: new Date() })
    .where(and(eq(bulk_upload_access_requests.id, id), eq(bulk_upload_access_requests.status, 'pending')))
    .returning(accessColumns);
  return row ?? null;
}

export async function accessRequestsPage(db: DbOrTx, status: 'pending' | 'granted' | 'denied' | undefined, page: number, size: number) {
  const where = status ? eq(bulk_upload_access_requests.status, status) : undefined;
  const items = await db
    .select({ ...accessColumns, company_name: companies.name })
    .from(bulk_upload_access_requests)
    .innerJoin(companies, eq(companies.id, bulk_upload_access_requests.company_id))
    .where(where)
    .orderBy(desc(bulk_upload_access_requests.id))
    .limit(size)
    .offset(page * size);
  const [c] = await db.select({ n: count() }).from(bulk_upload_access_requests).where(where);
  return { items, total: Number(c?.n ?? 0) };
}

// ---- new-listing notifications -----------------------------------------------------------------------------

/** Users of other approved companies interested in the group who want new-listing notifications. */
export async function interestedUserIds(db: DbOrTx, groupIds: number[], exceptCompanyId: number): Promise<Map<number, number[]>> {
  if (!groupIds.length) return new Map();
  const rows = await db
    .selectDistinct({ group_id: company_material_groups.material_group_id, id: users.id })
    .from(users)
    .innerJoin(companies, and(eq(companies.id, users.company_id), eq(companies.status, 'approved')))
    .innerJoin(
      company_material_groups,
      and(
        eq(company_material_groups.company_id, users.company_id),
        eq(company_material_groups.relation, 'interested'),
        inArray(company_material_groups.material_group_id, groupIds),
      ),
    )
    .where(
      and(
        ne(users.company_id, exceptCompanyId),
        or(eq(users.role, 'MEMBER'), eq(users.role, 'MANAGER')),
        isNull(users.deleted_at),
        isNull(users.disabled_at),
      ),
    );
  const byGroup = new Map<number, number[]>();
  for (const r of rows) byGroup.set(r.group_id, [...(byGroup.get(r.group_id) ?? []), r.id]);
  return byGroup;
}

export async function materialGroupNames(db: DbOrTx, groupIds: number[]): Promise<Map<number, string>> {
  if (!groupIds.length) return new Map();
  const rows = await db
    .select({ id: material_groups.id, name: material_groups.name })
    .from(material_groups)
    .where(inArray(material_groups.id, groupIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A material group's kind (material, knowledge or space): it decides a listing's quantity unit. */
export async function materialGroupKind(db: DbOrTx, groupId: number | null): Promise<MaterialGroupKind | null> {
  if (groupId === null) return null;
  const [row] = await db.select({ kind: material_groups.kind }).from(material_groups).where(eq(material_groups.id, groupId));
  return row?.kind ?? null;
}

/** Every code of the taxonomy at any level (EWC "020704", the product's own "K-ENG-1.1.2"), for "did you mean". */
export async function allTaxonomyCodes(db: DbOrTx): Promise<string[]> {
  const [l1, l2, l3] = await Promise.all([
    db.select({ code: first_level_subcategories.code }).from(first_level_subcategories),
    db.select({ code: second_level_subcategories.code }).from(second_level_subcategories),
    db.select({ code: third_level_subcategories.code }).from(third_level_subcategories),
  ]);
  return [...new Set([...l3, ...l2, ...l1].flatMap((r) => (r.code ? [r.code] : [])))];
}

// ---- company addresses and bulk access, for the companies module (through the service) ---------------------

/** Active listings at each of these company addresses. */
export async function activeListingsAt(db: DbOrTx, addressIds: number[]) {
  if (!addressIds.length) return new Map<number, number>();
  const rows = await db
    .select({ address_id: materials.address_id, n: count() })
    .from(materials)
    .where(and(inArray(materials.address_id, addressIds), eq(materials.status, 'active')))
    .groupBy(materials.address_id);
  return new Map(rows.map((r) => [r.address_id!, Number(r.n)]));
}

/** The listings at an address follow it when it moves (their stored point is what proximity search reads). */
export async function relocateListings(tx: DbOrTx, addressId: number, latitude: number, longitude: number) {
  await tx.update(materials).set({ latitude, longitude }).where(eq(materials.address_id, addressId));
}

/** Grants bulk upload: the pending request is granted, or a granted one is written for the company. */
export async function grantAccess(tx: DbOrTx, companyId: number, reviewerId: number) {
  const pending = await tx
    .update(bulk_upload_access_requests)
    .set({ status: 'granted', reviewed_by_user_id: reviewerId, reviewed_at: new Date() })
    .where(and(eq(bulk_upload_access_requests.company_id, companyId), eq(bulk_upload_access_requests.status, 'pending')))
    .returning({ id: bulk_upload_access_requests.id });
  if (pending.length) return;
  await tx
    .insert(bulk_upload_access_requests)
    .values({ company_id: companyId, status: 'granted', reviewed_by_user_id: reviewerId, reviewed_at: new Date() });
}

/** Withdraws bulk upload: every granted (and pending) request of the company becomes denied. */
export async function withdrawAccess(tx: DbOrTx, companyId: number, reviewerId: number) {
  await tx
    .update(bulk_upload_access_requests)
    .set({ status: 'denied', reviewed_by_user_id: reviewerId, reviewed_at: new Date() })
    .where(and(eq(bulk_upload_access_requests.company_id, companyId), inArray(bulk_upload_access_requests.status, ['granted', 'pending'])));
}

// ---- new-listing digests of bulk uploads (docs/decisions/0151) ---------------------------------------------

export async function insertListingDigest(tx: DbOrTx, row: { company_id: number; created_by_user_id: number; material_ids: number[] }) {
  const [out] = await tx.insert(listing_digests).values(row).returning({ id: listing_digests.id });
  return out!.id;
}

/**
 * Unsent digests (these ids, or the oldest ones), locked for the caller's transaction. SKIP LOCKED: a digest
 * another instance is sending right now is left to it, and once that one commits it is no longer unsent.
 */
export function claimUnsentDigests(tx: DbOrTx, opts: { ids?: number[]; limit: number }) {
  return tx
    .select({ id: listing_digests.id, company_id: listing_digests.company_id, material_ids: listing_digests.material_ids })
    .from(listing_digests)
    .where(and(isNull(listing_digests.sent_at), opts.ids ? inArray(listing_digests.id, opts.ids) : undefined))
    .orderBy(asc(listing_digests.id))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
}

export async function markDigestSent(tx: DbOrTx, id: number, recipients: number) {
  await tx
    .update(listing_digests)
    .set({ sent_at: sql`now()`, recipients })
    .where(eq(listing_digests.id, id));
}

/** Active offerings among these listings, counted by material group. */
export async function activeListingsByGroup(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ group_id: materials.material_group_id, n: count() })
    .from(materials)
    .where(
      and(
        // One array literal rather than a parameter per id (a digest names up to 500 listings).
        sql`${materials.id} = any(${`{${ids.join(',')}}`}::int[])`,
        eq(materials.status, 'active'),
        eq(materials.kind, 'offering'),
        isNotNull(materials.material_group_id),
      ),
    )
    .groupBy(materials.material_group_id);
  return new Map(rows.map((r) => [r.group_id!, Number(r.n)]));
}

export async function companyName(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
  return row?.name ?? null;
}

// ---- saved searches ----------------------------------------------------------------------------------------

const savedSearchColumns = {
  id: saved_searches.id,
  name: saved_searches.name,
  filters: saved_searches.filters,
  notify: saved_searches.notify,
  checked_at: saved_searches.checked_at,
  created_at: saved_searches.created_at,
};

/** Holds the user's saved searches for the rest of the transaction (two-key advisory lock: class 7, the user). */
export async function lockSavedSearchesOf(db: DbOrTx, userId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(7, ${userId}::int)`);
}

export async function countSavedSearches(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(saved_searches).where(eq(saved_searches.user_id, userId));
  return Number(row?.n ?? 0);
}

export async function insertSavedSearch(
  db: DbOrTx,
  v: { user_id: number; company_id: number; name: string; filters: Record<string, string>; notify: boolean },
) {
  const [row] = await db.insert(saved_searches).values(v).returning(savedSearchColumns);
  return row!;
}

/** The user's saved searches, newest first (a short list: SAVED_SEARCHES_MAX). */
export function listSavedSearches(db: DbOrTx, userId: number) {
  return db
    .select(savedSearchColumns)
    .from(saved_searches)
    .where(eq(saved_searches.user_id, userId))
    .orderBy(desc(saved_searches.created_at), desc(saved_searches.id));
}

export async function deleteSavedSearch(db: DbOrTx, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(saved_searches)
    .where(and(eq(saved_searches.id, id), eq(saved_searches.user_id, userId)))
    .returning({ id: saved_searches.id });
  return rows.length > 0;
}

/**
 * Saved searches with mail on, last checked before `before`, of users who may still log in, locked for this run
 * (SKIP LOCKED: a second instance's run takes others); with the reader's address, language and company point.
 */
export function claimDueSavedSearches(db: DbOrTx, before: Date, limit: number) {
  return db
    .select({
      id: saved_searches.id,
      name: saved_searches.name,
      filters: saved_searches.filters,
      checked_at: saved_searches.checked_at,
      company_id: saved_searches.company_id,
      email: users.email,
      first_name: users.first_name,
      language: users.language,
    })
    .from(saved_searches)
    .innerJoin(users, eq(users.id, saved_searches.user_id))
    .where(and(eq(saved_searches.notify, true), lt(saved_searches.checked_at, before), isNull(users.deleted_at), isNull(users.disabled_at)))
    .orderBy(asc(saved_searches.checked_at))
    .limit(limit)
    .for('update', { of: saved_searches, skipLocked: true });
}

export async function markSavedSearchesChecked(db: DbOrTx, ids: number[], at: Date) {
  if (!ids.length) return;
  await db.update(saved_searches).set({ checked_at: at }).where(inArray(saved_searches.id, ids));
}
