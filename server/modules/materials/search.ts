// Proximity search over listings (ARCHITECTURE §3): the earthdistance GiST index `materials_geo_idx` on the
// stored point `geo` = ll_to_earth(latitude, longitude) answers both the radius filter (`earth_box(...) @> point`) and the order
// (`point <-> center`, an index-ordered KNN scan), so a page costs about the same at 5 km and at 40 km and at
// any table size. Totals are counted up to a cap (LIMITS.searchCountCap) and flagged `total_capped`.
//
// Radius: earthdistance works on a sphere of earth() = 6378.168 km, SPEC §9 on 6371 km. Both measure the same
// angle, so a SPEC distance d km is earth_distance d / 6371 * earth() and back; filters and the distances
// shown therefore agree with shared/lib/geo.ts haversineKm exactly.
import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { companies, company_addresses, material_groups, material_images, materials } from '../../../drizzle/schema';
import { LIMITS } from '../../../shared/constants/limits';
import { EARTH_RADIUS_KM, type LatLng } from '../../../shared/lib/geo';
import { escapeLike } from '../../../shared/lib/text';
import type { SearchMaterialsInput } from '../../../shared/schemas/materials';
import type { Db, DbOrTx } from '../../db/client';

/** The indexed, stored point (a generated column), so no row recomputes the trigonometry. */
export const listingPoint = sql`${materials.geo}`;
export const centerOf = (c: LatLng) => sql`ll_to_earth(${c.lat}::float8, ${c.lng}::float8)`;
/** A SPEC-radius distance in km as earthdistance metres. */
const earthMetres = (km: number) => sql`(${km}::float8 / ${EARTH_RADIUS_KM}::float8 * earth())`;
/** Distance in km on the SPEC sphere. */
export const distanceKmSql = (c: LatLng) => sql<number>`(earth_distance(${listingPoint}, ${centerOf(c)}) / earth() * ${EARTH_RADIUS_KM}::float8)`;

/** `distance <= km`, as an index condition (box) plus the exact check. */
export function withinKm(c: LatLng, km: number): SQL {
  return sql`(earth_box(${centerOf(c)}, ${earthMetres(km)}) @> ${listingPoint} and earth_distance(${listingPoint}, ${centerOf(c)}) <= ${earthMetres(km)})`;
}
export function beyondKm(c: LatLng, km: number): SQL {
  return sql`earth_distance(${listingPoint}, ${centerOf(c)}) > ${earthMetres(km)}`;
}

export { escapeLike };

/**
 * A code and everything under it. EWC codes are fixed-width digit pairs, so a plain prefix is exact ("0207" →
 * "0207", "020704"); the product's own codes are dotted ("K-FIN-1" → "K-FIN-1.2", never "K-FIN-10").
 */
export function codePrefixFilter(code: string): SQL {
  const p = escapeLike(code);
  if (/^\d+$/.test(code)) return sql`${materials.material_group_code} like ${p + '%'}`;
  return or(eq(materials.material_group_code, code), sql`${materials.material_group_code} like ${p + '.%'}`)!;
}

/**
 * Listings of companies that are not (or no longer) approved stay out of the marketplace. Written as NOT IN
 * over the few such companies (a hashed subplan run once, through companies_status_idx) rather than a
 * per-row semi-join, so it costs nothing per listing and never tempts the planner into a hash join.
 */
export const notFromUnapprovedCompany = sql`${materials.company_id} not in (select ${companies.id} from ${companies} where ${companies.status} in ('pending', 'rejected'))`;

export interface SearchContext {
  /** The caller company's primary address; null when it has none (then no distance filter or order). */
  center: LatLng | null;
  company_id: number | null;
}

export function searchWhere(input: SearchMaterialsInput, ctx: SearchContext): SQL {
  const conds: (SQL | undefined)[] = [eq(materials.status, 'active')];
  if (input.kind !== 'all') conds.push(eq(materials.kind, input.kind));
  if (!input.include_own && ctx.company_id !== null) conds.push(ne(materials.company_id, ctx.company_id));
  if (input.company_id) conds.push(eq(materials.company_id, input.company_id));
  if (input.category) conds.push(inArray(materials.category, input.category));
  if (input.frequency) conds.push(inArray(materials.frequency, input.frequency));
  if (input.material_group_id) conds.push(eq(materials.material_group_id, input.material_group_id));
  if (input.first_level_subcategory_id) conds.push(eq(materials.first_level_subcategory_id, input.first_level_subcategory_id));
  if (input.second_level_subcategory_id) conds.push(eq(materials.second_level_subcategory_id, input.second_level_subcategory_id));
  if (input.third_level_subcategory_id) conds.push(eq(materials.third_level_subcategory_id, input.third_level_subcategory_id));
  if (input.material_group_code) conds.push(codePrefixFilter(input.material_group_code));
  if (input.q) {
    const pattern = `%${escapeLike(input.q)}%`;
    conds.push(or(ilike(materials.title, pattern), ilike(materials.description, pattern)));
  }
  if (ctx.center) {
    if (input.proximity === 'above40') conds.push(beyondKm(ctx.center, LIMITS.defaultProximityKm));
    else if (input.proximity !== 'any') conds.push(withinKm(ctx.center, Number(input.proximity)));
  }
  conds.push(notFromUnapprovedCompany);
  return and(...conds)!;
}

export function searchOrder(input: SearchMaterialsInput, ctx: SearchContext): SQL[] {
  if (input.sort === 'distance' && ctx.center) {
    // KNN order straight from the index, with no second key: any tie-breaker would force a sort over every
    // row in the radius. Ties (listings at one address) keep the index's order, stable while the data is.
    return [sql`${listingPoint} <-> ${centerOf(ctx.center)}`];
  }
  return [desc(materials.created_at), desc(materials.id)];
}

/** The columns of a search result row (a card in the database screen). */
export function listItemColumns(center: LatLng | null) {
  return {
    id: materials.id,
    uuid: materials.uuid,
    kind: materials.kind,
    title: materials.title,
    description: materials.description,
    category: materials.category,
    material_group_id: materials.material_group_id,
    material_group_name: material_groups.name,
    material_group_code: materials.material_group_code,
    frequency: materials.frequency,
    quantity: materials.quantity,
    quantity_unit: materials.quantity_unit,
    condition: materials.condition,
    type: materials.type,
    final_use: materials.final_use,
    status: materials.status,
    created_at: materials.created_at,
    company_id: materials.company_id,
    company_name: companies.name,
    company_image_key: companies.image_key,
    city: company_addresses.city,
    country: company_addresses.country,
    latitude: materials.latitude,
    longitude: materials.longitude,
    image_key: sql<
      string | null
    >`(select ${material_images.storage_key} from ${material_images} where ${material_images.material_id} = ${materials.id} order by ${material_images.position} limit 1)`,
    distance_km: center ? distanceKmSql(center) : sql<number | null>`null::float8`,
  };
}

export function searchPageQuery(db: DbOrTx, input: SearchMaterialsInput, ctx: SearchContext) {
  let where = searchWhere(input, ctx);
  if (input.sort === 'newest' && ctx.center && input.proximity !== 'any') {
    // Newest first inside a radius would read every listing in it (~90k at 40 km in a city of a 1M table).
    // Totals are capped at the nearest `searchCountCap` anyway, so newest is ordered among exactly those.
    const nearest = db
      .select({ id: materials.id })
      .from(materials)
      .where(where)
      .orderBy(sql`${listingPoint} <-> ${centerOf(ctx.center)}`)
      .limit(LIMITS.searchCountCap);
    where = and(where, inArray(materials.id, nearest))!;
  }
  return db
    .select(listItemColumns(ctx.center))
    .from(materials)
    .innerJoin(companies, eq(companies.id, materials.company_id))
    .leftJoin(material_groups, eq(material_groups.id, materials.material_group_id))
    .leftJoin(company_addresses, eq(company_addresses.id, materials.address_id))
    .where(where)
    .orderBy(...searchOrder(input, ctx))
    .limit(input.size)
    .offset(input.page * input.size);
}

/** count(*) of at most cap+1 matching rows: the index stops reading once it has enough. */
export async function cappedCount(db: DbOrTx, where: SQL, cap: number = LIMITS.searchCountCap): Promise<{ total: number; capped: boolean }> {
  const sub = db
    .select({ one: sql`1`.as('one') })
    .from(materials)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sub);
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/**
 * How many of the caller company's own listings match the same filters while they are left out (the database
 * screen says so and offers to show them); counted up to 99.
 */
export async function ownMatchesCount(db: DbOrTx, input: SearchMaterialsInput, ctx: SearchContext): Promise<number> {
  if (input.include_own || ctx.company_id === null) return 0;
  const where = and(searchWhere({ ...input, include_own: true }, ctx), eq(materials.company_id, ctx.company_id))!;
  return (await cappedCount(db, where, 99)).total;
}

/**
 * One search page and its capped total. The planner guesses 0.1% of the table inside any earth_box, which makes
 * a bitmap scan (that reads every row in the box and cannot stop early) look cheap. Without bitmap scans the
 * page is a KNN index scan and the capped count an index scan that stops at the cap: both read about as many
 * rows as they return. `set local` needs the transaction.
 */
export async function searchPage(db: Db, input: SearchMaterialsInput, ctx: SearchContext) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return [await searchPageQuery(tx, input, ctx), await cappedCount(tx, searchWhere(input, ctx))] as const;
  });
}
