// Proximity search over listings (ARCHITECTURE §3): the earthdistance GiST index `materials_geo_idx` on the
// stored point `geo` = ll_to_earth(latitude, longitude) answers both the radius filter (`earth_box(...) @> point`) and the order
// (`point <-> center`, an index-ordered KNN scan), so a page costs about the same at 5 km and at 40 km and at
// any table size. Totals are counted up to a cap (LIMITS.searchCountCap) and flagged `total_capped`.
//
// Radius: earthdistance works on a sphere of earth() = 6378.168 km, SPEC §9 on 6371 km. Both measure the same
// angle, so a SPEC distance d km is earth_distance d / 6371 * earth() and back; filters and the distances
// shown therefore agree with shared/lib/geo.ts haversineKm exactly.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { companies, company_addresses, material_groups, material_images, materials } from '../../../drizzle/schema';
import { LIMITS } from '../../../shared/constants/limits';
import { EARTH_RADIUS_KM, type LatLng } from '../../../shared/lib/geo';
import { annulusRanges, LAT_CELLS_PER_DEGREE, ringRadiiKm } from './annulus';
import { escapeLike } from '../../../shared/lib/text';
import type { SearchMaterialsInput } from '../../../shared/schemas/materials';
import type { LISTING_KINDS } from '../../../shared/constants/enums';
import type { Database, DbOrTx } from '../../db/client';
import { withListingParts } from '../../db/joins';
import { preparedOn, statementText } from '../../db/prepared';
import { searchMemoryOf, type SearchMemory } from './search-memory';

/** The indexed, stored point (a generated column), so no row recomputes the trigonometry. */
export const listingPoint = sql`${materials.geo}`;

/** earthdistance's sphere radius, `earth()`, in metres. */
const EARTH_M = 6378168;

/**
 * The viewer's point as a cube literal, computed here exactly as `ll_to_earth` does (earth() * cos(radians(lat))
 * * cos(radians(lng)), ...). A literal instead of a call: `ll_to_earth`, `earth_box`,
 * `earth_distance` and `earth()` are SQL-language functions that Postgres re-parses and inlines at every
 * planning, which took more than half of a search's 2 ms of planning; a literal is parsed once.
 */
export function earthPointText(c: LatLng): string {
  const lat = c.lat * (Math.PI / 180);
  const lng = c.lng * (Math.PI / 180);
  return `(${EARTH_M * Math.cos(lat) * Math.cos(lng)}, ${EARTH_M * Math.cos(lat) * Math.sin(lng)}, ${EARTH_M * Math.sin(lat)})`;
}
/** The viewer's point: coordinates, or an SQL expression giving the earth point. */
export const centerOf = (c: LatLng | SQL) => (isSQLWrapper(c) ? sql`${c}` : sql`${earthPointText(c)}::cube`);
const isSQLWrapper = (c: LatLng | SQL): c is SQL => !('lat' in c);
/**
 * A SPEC-radius distance of km as the straight-line (chord) length through the earthdistance sphere, which
 * is what `cube_distance` and the GiST index measure: `gc_to_sec(km / 6371 * earth())`. Comparing chords is
 * the same test as comparing great-circle distances (one grows with the other), with no `asin` per row.
 */
export function chordMetres(km: number): number {
  const arc = (km / EARTH_RADIUS_KM) * EARTH_M;
  return 2 * EARTH_M * Math.sin(arc / (2 * EARTH_M));
}
/**
 * Distance in km on the SPEC sphere, from the chord (what `earth_distance(...) / earth() * 6371` gives). `point` is
 * the stored earth point of the rows measured: listings by default, or another table's (wanted listings, needs).
 */
export const distanceKmSql = (c: LatLng | SQL, point: SQL = listingPoint) =>
  sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, cube_distance(${point}, ${centerOf(c)}) / ${2 * EARTH_M}::float8)))`;

/** `distance <= km`, as an index condition (the cube around the point) plus the exact check. */
export function withinKm(c: LatLng | SQL, km: number, point: SQL = listingPoint): SQL {
  const chord = chordMetres(km);
  return sql`(cube_enlarge(${centerOf(c)}, ${chord}::float8, 3) @> ${point}::cube and cube_distance(${point}, ${centerOf(c)}) <= ${chord}::float8)`;
}

/**
 * `distance(a, b) <= km` for a radius each row holds (an SQL expression in SPEC km), as the chord it means; the cube
 * around `a` lets a GiST index on `b`'s point answer it (`b` the indexed side).
 */
export function withinKmSql(a: SQL, b: SQL, km: SQL): SQL {
  return sql`(cube_enlarge(${a}, ${chordSql(km)}, 3) @> ${b}::cube and cube_distance(${a}, ${b}) <= ${chordSql(km)})`;
}
/** The chord of a SPEC distance given in SQL (the rings' bounds, a column of the ring list), as chordMetres. */
const chordSql = (km: SQL) => sql`(2 * earth() * sin(${km}::float8 / ${EARTH_RADIUS_KM}::float8 / 2))`;
/** The chord of a SPEC distance given in SQL (exported for other tables' radius conditions). */
export const chordOf = chordSql;
export { escapeLike };

/**
 * Listings of companies that are not (or no longer) approved stay out of the marketplace. Written as NOT IN
 * over the few such companies (a hashed subplan run once, through companies_status_idx) rather than a
 * per-row semi-join, so it costs nothing per listing and never tempts the planner into a hash join.
 */
export const notFromUnapprovedCompany = sql`${materials.company_id} not in (select ${companies.id} from ${companies} where ${companies.status} in ('pending', 'rejected'))`;

/**
 * A listing whose accepted offers hold everything it lists leaves search and recommendations (docs/decisions/0175);
 * its page still opens and says "Fully reserved". Written as shared/lib/stock.ts `isFullyReserved` so a generic plan
 * sees what it keeps: `reserved_quantity > 0` is rare in the column's statistics, so the whole condition is
 * estimated to keep nearly every row and leaves the search's plans as they were.
 */
export const notFullyReserved = sql`not (${materials.reserved_quantity} > 0 and ${materials.reserved_quantity} >= ${materials.quantity})`;

export interface SearchContext {
  /** The caller company's primary address; null when it has none (then no distance filter or order). */
  center: LatLng | null;
  company_id: number | null;
  /** false: "above 40 km" by the plain KNN scan, as before the rings (tests compare the two). */
  rings?: boolean;
  /** false: a text search goes to the trigram indexes at once, without the walk (tests compare the two). */
  walk?: boolean;
  /** "Above 40 km" with this first ring width (km) instead of the learned one, learning nothing (tests). */
  firstRingKm?: number;
}

/**
 * What a search's SQL text depends on. Everything else (the viewer's point, ids, codes, the words,
 * the page) goes in as parameters, so one statement is built per shape and reused: Drizzle took 0.9-1.8 ms to
 * build a search on every request. The builders below branch on the shape only, and take every value through
 * `v(name)`: a placeholder in the prepared statement, or the value itself (searchWhere / searchPageQuery, for
 * tests and scripts).
 */
export interface SearchShape {
  /**
   * The listing kind, written into the statement (two values): with it as a parameter, a generic plan guesses
   * half the rows of each kind and may prefer a sequential scan and sort to the index (db/client.ts).
   */
  kind: SearchMaterialsInput['kind'];
  /** The caller company's own listings left out. */
  notOwn: boolean;
  company: boolean;
  category: boolean;
  frequency: boolean;
  group: boolean;
  first: boolean;
  second: boolean;
  third: boolean;
  /** A material code prefix: EWC digits (`like 'p%'`) or the product's dotted codes (`= p or like 'p.%'`). */
  code: 'none' | 'digits' | 'dotted';
  /**
   * A text search: `walk` reads the first TEXT_WALK_ROWS listings in the search's order and keeps those the words
   * match (a common word fills the page at once); `index` reads the trigram indexes (a rare word).
   */
  q: 'none' | 'walk' | 'index';
  /** The distance filter: none (no centre, or any distance), within a radius, beyond 40 km (KNN or rings). */
  distance: 'none' | 'within' | 'beyond' | 'rings';
  center: boolean;
  nearestFirst: boolean;
  /** Own listings the same filters would show are counted (least(n, 99)). */
  ownHidden: boolean;
}

type Values = Record<string, unknown>;
/** The kinds a statement may name, as their SQL text (a fixed list: nothing from the request reaches sql.raw). */
const LISTING_KINDS_SQL = { offering: 'offering', donation: 'donation' } as const satisfies Record<(typeof LISTING_KINDS)[number], string>;
/** A value of the statement by name: `sql.placeholder(name)` when preparing, the value itself otherwise. */
type Val = (name: string) => unknown;

export function searchShape(input: SearchMaterialsInput, ctx: SearchContext): SearchShape {
  const center = ctx.center !== null;
  const code = input.material_group_code ? (/^\d+$/.test(input.material_group_code) ? 'digits' : 'dotted') : 'none';
  const rings = center && ctx.rings !== false && input.proximity === 'above40' && !input.q && !input.company_id;
  return {
    kind: input.kind,
    notOwn: !input.include_own && ctx.company_id !== null,
    company: !!input.company_id,
    category: !!input.category,
    frequency: !!input.frequency,
    group: !!input.material_group_id,
    first: !!input.first_level_subcategory_id,
    second: !!input.second_level_subcategory_id,
    third: !!input.third_level_subcategory_id,
    code,
    q: input.q ? 'index' : 'none',
    distance: !center || input.proximity === 'any' ? 'none' : input.proximity === 'above40' ? (rings ? 'rings' : 'beyond') : 'within',
    center,
    nearestFirst: input.sort === 'distance' && center,
    ownHidden: !input.include_own && ctx.company_id !== null,
  };
}

/** The parameters of the statement for `searchShape(input, ctx)`, by name. */
export function searchValues(input: SearchMaterialsInput, ctx: SearchContext): Values {
  const values: Values = {
    company_id: ctx.company_id,
    filter_company: input.company_id ?? null,
    category: input.category ?? null,
    frequency: input.frequency ?? null,
    group: input.material_group_id ?? null,
    first: input.first_level_subcategory_id ?? null,
    second: input.second_level_subcategory_id ?? null,
    third: input.third_level_subcategory_id ?? null,
    code: input.material_group_code ?? null,
    code_like: null,
    q: input.q ? `%${escapeLike(input.q)}%` : null,
    size: input.size,
    offset: input.page * input.size,
    walk: TEXT_WALK_ROWS,
  };
  const code = input.material_group_code;
  if (code) values.code_like = `${escapeLike(code)}${/^\d+$/.test(code) ? '%' : '.%'}`;
  if (ctx.center) {
    values.center = earthPointText(ctx.center);
    if (input.proximity !== 'any' && input.proximity !== 'above40') values.chord = chordMetres(Number(input.proximity));
    if (searchShape(input, ctx).distance === 'rings') Object.assign(values, ringValues(ctx.center, ctx.firstRingKm ?? FIRST_RING_KM));
  }
  return values;
}

const vInline =
  (values: Values): Val =>
  (name) => {
    if (!(name in values)) throw new Error(`search statement: no value for ${name}`);
    // An array is one parameter (inline, `${array}` would be expanded into a list).
    const value = values[name];
    return Array.isArray(value) ? sql.param(value) : value;
  };
const vPlaceholder: Val = (name) => sql.placeholder(name);

/**
 * A constant LIMIT written into the statement. Drizzle sends `.limit(n)` as a parameter, and a generic plan
 * (the search connections', db/client.ts) guesses that a parameter LIMIT keeps a tenth of the rows: at 1M
 * listings a 301-row scan looked like 42,900 rows and the page's joins were hashed (9 ms instead of 1.4).
 * Drizzle takes an SQL chunk for a limit as it is.
 */
const constLimit = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;
/** The capped set every search reads: searchCountCap + 1 rows (the extra one tells "300+"). */
const HITS_LIMIT = constLimit(LIMITS.searchCountCap + 1);

/** The viewer's point in a statement: `v('center')` as a cube. */
const centerPoint = (v: Val) => sql`${v('center')}::cube`;

/** The search's conditions; `words: false` leaves the text condition out (the walk applies it itself). */
function whereOf(shape: SearchShape, v: Val, own: 'leave out' | 'only own', words = true): SQL {
  // Constants are written into the statement, not passed as values: a generic plan sees what they select.
  const conds: (SQL | undefined)[] = [sql`${materials.status} = 'active'`];
  if (shape.kind !== 'all') conds.push(sql`${materials.kind} = ${sql.raw(`'${LISTING_KINDS_SQL[shape.kind]}'`)}`);
  if (own === 'only own') conds.push(sql`${materials.company_id} = ${v('company_id')}`);
  else if (shape.notOwn) conds.push(sql`${materials.company_id} <> ${v('company_id')}`);
  if (shape.company) conds.push(sql`${materials.company_id} = ${v('filter_company')}`);
  if (shape.category) conds.push(sql`${materials.category} = any(${v('category')}::text[])`);
  if (shape.frequency) conds.push(sql`${materials.frequency} = any(${v('frequency')}::text[])`);
  if (shape.group) conds.push(sql`${materials.material_group_id} = ${v('group')}`);
  if (shape.first) conds.push(sql`${materials.first_level_subcategory_id} = ${v('first')}`);
  if (shape.second) conds.push(sql`${materials.second_level_subcategory_id} = ${v('second')}`);
  if (shape.third) conds.push(sql`${materials.third_level_subcategory_id} = ${v('third')}`);
  // A code and everything under it. EWC codes are fixed-width digit pairs, so a plain prefix is exact ("0207" →
  // "0207", "020704"); the product's own codes are dotted ("K-FIN-1" → "K-FIN-1.2", never "K-FIN-10").
  if (shape.code === 'digits') conds.push(sql`${materials.material_group_code} like ${v('code_like')}`);
  if (shape.code === 'dotted')
    conds.push(sql`(${materials.material_group_code} = ${v('code')} or ${materials.material_group_code} like ${v('code_like')})`);
  if (shape.q !== 'none' && words) conds.push(sql`(${materials.title} ilike ${v('q')} or ${materials.description} ilike ${v('q')})`);
  if (shape.distance === 'within') {
    conds.push(
      sql`(cube_enlarge(${centerPoint(v)}, ${v('chord')}::float8, 3) @> ${listingPoint}::cube and cube_distance(${listingPoint}, ${centerPoint(v)}) <= ${v('chord')}::float8)`,
    );
  } else if (shape.distance === 'beyond' || shape.distance === 'rings') {
    conds.push(sql`cube_distance(${listingPoint}, ${centerPoint(v)}) > ${chordMetres(LIMITS.defaultProximityKm)}::float8`);
  }
  conds.push(notFullyReserved);
  conds.push(notFromUnapprovedCompany);
  return and(...conds)!;
}

export function searchWhere(input: SearchMaterialsInput, ctx: SearchContext): SQL {
  return whereOf(searchShape(input, ctx), vInline(searchValues(input, ctx)), 'leave out');
}

/** The columns of a search result row (a card in the database screen). */
export function listItemColumns(center: LatLng | SQL | null) {
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
    /** Held by accepted offers of synergies not ended unsuccessfully; `available_quantity` is what is left. */
    reserved_quantity: materials.reserved_quantity,
    available_quantity: sql<number>`greatest(${materials.quantity} - ${materials.reserved_quantity}, 0)::int`,
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

/**
 * The rows a search can ever show, in one bounded scan: the first `searchCountCap + 1` matching listings in
 * the search's primary order (nearest first from the KNN index when the viewer has a place and the search is
 * by distance or inside a radius; else newest first from materials_status_created_idx). The total is their
 * count (capped), and every page is a slice of them: page 20 reads as many rows as page 0, and no page past
 * the cap reads any (the API caps `page * size` below it too).
 */
function hitsQuery(db: DbOrTx, shape: SearchShape, v: Val) {
  const byDistance = shape.center && (shape.nearestFirst || shape.distance !== 'none');
  const knn = shape.center ? sql<number>`${listingPoint} <-> ${centerPoint(v)}` : sql<number>`0::float8`;
  return (
    db
      .select({ id: materials.id, knn: knn.as('knn'), created_at: materials.created_at })
      .from(materials)
      .where(whereOf(shape, v, 'leave out'))
      // KNN order straight from the index, with no second key: any tie-breaker would force a sort over every row
      // in the radius. Ties (listings at one address) keep the index's order, stable while the data is.
      .orderBy(...(byDistance ? [sql`${listingPoint} <-> ${centerPoint(v)}`] : [desc(materials.created_at), desc(materials.id)]))
      .limit(HITS_LIMIT)
  );
}

/**
 * "Above 40 km" reads rings, not the KNN index (decision 0147). In KNN order the index first walks
 * past every listing within 40 km (a dense city: 9 % of the table) before it meets one beyond. The same rows
 * come from rings (40, 44], (44, 52], (52, 68], ... km, nearest ring first: each ring is read row by row from
 * materials_lat_cell_idx (annulus.ts: only the index ranges the ring touches, not the disc inside it), checked
 * for the exact distance, sorted, and the rings are taken in order until `searchCountCap + 1` rows are found
 * (a nested loop under the LIMIT: a ring is read only if the ones before it did not fill the cap). Beyond the
 * last ring the KNN scan takes over, as before, but only when everything closer than that ring's radius held
 * fewer listings than the cap (an empty region, or filters few listings match).
 *
 * The rows are the nearest `searchCountCap + 1` beyond 40 km, as the KNN scan gives them; equal distances at the
 * cap's edge are taken by id (the KNN scan took them in index order).
 */
/**
 * A text search's first try: the first `walk` listings in the search's order, filtered by the words as
 * they stream by. The outer order is the inner one (the `knn` column, or created_at and id), so Postgres keeps
 * the stream and stops as soon as the cap is reached, without sorting. Same columns as hitsQuery.
 */
function walkHitsQuery(db: DbOrTx, shape: SearchShape, v: Val) {
  const byDistance = shape.center && (shape.nearestFirst || shape.distance !== 'none');
  const knn = shape.center ? sql<number>`${listingPoint} <-> ${centerPoint(v)}` : sql<number>`0::float8`;
  const scan = db
    .select({ id: materials.id, knn: knn.as('knn'), created_at: materials.created_at, title: materials.title, description: materials.description })
    .from(materials)
    .where(whereOf(shape, v, 'leave out', false))
    .orderBy(...(byDistance ? [sql`knn`] : [desc(materials.created_at), desc(materials.id)]))
    .limit(v('walk') as number)
    .as('scan');
  return db
    .select({ id: scan.id, knn: sql<number>`${scan.knn}`.as('knn'), created_at: scan.created_at })
    .from(scan)
    .where(sql`(${scan.title} ilike ${v('q')} or ${scan.description} ilike ${v('q')})`)
    .orderBy(...(byDistance ? [sql`${scan.knn}`] : [desc(scan.created_at), desc(scan.id)]))
    .limit(HITS_LIMIT);
}

/** How far a text search first walks in the search's order (searchPage). */
export const TEXT_WALK_ROWS = 2000;
/** The walk's first rows, read first: their share of matches decides whether the whole walk is worth it. */
export const TEXT_PROBE_ROWS = 200;
/**
 * The whole walk is tried when the probe's share of matches, over TEXT_WALK_ROWS, would come to at least this
 * many: a third of what filling the cap takes (searchCountCap + 1), so that a word a little rarer in the first
 * rows than further on still gets its walk. A wrong guess costs time, never a different answer.
 */
const TEXT_WALK_WORTH = Math.ceil((LIMITS.searchCountCap + 1) / 3);

/**
 * The first ring is 4 km wide (was 20) unless the viewer's point has taught a narrower one (learnFirstRing): every
 * row of the ring that fills the cap is read and sorted, and a dense city held 3,200 listings between 40 and 60 km
 * against about 1,000 between 40 and 44 (1M listings: 4.7 -> 2.7 ms in the database at Copenhagen; an empty
 * region pays a few more probes, 4.3 -> 4.6 ms at Kuala Lumpur).
 */
const FIRST_RING_KM = 4;
/** Where the rings end; the KNN scan takes over beyond. */
const LAST_RING_KM = 1300;
export const FAR_RINGS_KM = ringRadiiKm(LIMITS.defaultProximityKm, FIRST_RING_KM, LAST_RING_KM);
/** First ring widths a point can learn (km), narrowest first; the last is the default. */
const FIRST_RING_WIDTHS_KM = [1, 2, FIRST_RING_KM] as const;
/**
 * At most about this many index ranges per ring (rows are grouped in wider rings; annulus.ts): fine for the two
 * nearest rings, which fill the cap around most viewers, coarse beyond (read only around an empty region, where
 * a coarse range reads few rows). Every range is sent and parsed on every execution: 813 ranges took 0.31 ms of
 * the statement's planning at 1M listings, 575 take 0.14.
 */
const RANGES_PER_RING = 64;
const RANGES_PER_OUTER_RING = 16;

export function usesRings(input: SearchMaterialsInput, ctx: SearchContext): ctx is SearchContext & { center: LatLng } {
  // A text search keeps its trigram index and a single company's listings their company index.
  return searchShape(input, ctx).distance === 'rings';
}

/** Ring ranges by viewer point and first ring width: a company's centre seldom moves, and computing them takes half a millisecond. */
const ringsByCenter = new Map<string, Values>();

/** The index ranges of every ring around the viewer, and the rings' bounds, as the ring query's array parameters. */
function ringValues(center: LatLng, firstKm: number): Values {
  const key = `${center.lat},${center.lng},${firstKm}`;
  let values = ringsByCenter.get(key);
  if (!values) {
    if (ringsByCenter.size >= 1000) ringsByCenter.delete(ringsByCenter.keys().next().value!);
    ringsByCenter.set(key, (values = computeRingValues(center, firstKm)));
  }
  return values;
}

function computeRingValues(center: LatLng, firstKm: number): Values {
  const radii = firstKm === FIRST_RING_KM ? FAR_RINGS_KM : ringRadiiKm(LIMITS.defaultProximityKm, firstKm, LAST_RING_KM);
  const ring: number[] = [];
  const cellLo: number[] = [];
  const cellHi: number[] = [];
  const lngLo: number[] = [];
  const lngHi: number[] = [];
  for (let i = 1; i < radii.length; i++) {
    const outer = radii[i]!;
    const rows = Math.max(1, Math.round((2 * outer * LAT_CELLS_PER_DEGREE) / (111.2 * (i <= 2 ? RANGES_PER_RING : RANGES_PER_OUTER_RING))));
    for (const r of annulusRanges(center, radii[i - 1]!, outer, rows)) {
      ring.push(i);
      cellLo.push(r.cellLo);
      cellHi.push(r.cellHi);
      lngLo.push(r.lngLo);
      lngHi.push(r.lngHi);
    }
  }
  // As array literals, made once per point: serialising five arrays of some 800 numbers took the driver about
  // 0.9 ms of CPU per search. The last ring (everything beyond) has no outer bound.
  const literal = (xs: (number | null)[]) => `{${xs.map((x) => x ?? 'NULL').join(',')}}`;
  return {
    ring_lo: literal(radii),
    ring_hi: literal([...radii.slice(1), null]),
    ring: literal(ring),
    cell_lo: literal(cellLo),
    cell_hi: literal(cellHi),
    lng_lo: literal(lngLo),
    lng_hi: literal(lngHi),
  };
}

/** What decides how far beyond 40 km the cap reaches: the viewer's point and every filter. */
const farKey = (input: SearchMaterialsInput, center: LatLng) =>
  JSON.stringify([
    center.lat,
    center.lng,
    input.kind,
    input.include_own,
    input.category,
    input.frequency,
    input.material_group_id,
    input.first_level_subcategory_id,
    input.second_level_subcategory_id,
    input.third_level_subcategory_id,
    input.material_group_code,
  ]);

/** The first ring's width for this search (km): what its point and filters taught, else FIRST_RING_KM. */
export function firstRingWidthKm(memory: SearchMemory, input: SearchMaterialsInput, center: LatLng): number {
  return memory.firstRingKm(farKey(input, center)) ?? FIRST_RING_KM;
}

/**
 * After an "above 40 km" search: `edgeKm` is how far its capped set reached (the cap-th nearest listing beyond
 * 40 km), null when it did not fill the cap. The next search with the same point and filters starts with the
 * narrowest first ring that reaches a quarter past that edge (a dense city: about 500 listings read and sorted
 * for the cap's 301 instead of 1,450); one that did not fill the cap goes back to the widest (fewer rings to
 * probe around few listings). A stale width costs time (the next ring is read too), never a different answer.
 */
export function learnFirstRing(memory: SearchMemory, input: SearchMaterialsInput, center: LatLng, edgeKm: number | null): void {
  const needed = edgeKm === null ? Infinity : (edgeKm - LIMITS.defaultProximityKm) * 1.25;
  const width = FIRST_RING_WIDTHS_KM.find((w) => w >= needed) ?? FIRST_RING_KM;
  const key = farKey(input, center);
  if ((memory.firstRingKm(key) ?? FIRST_RING_KM) === width) return;
  memory.setFirstRingKm(key, width === FIRST_RING_KM ? null : width);
}

function farHitsSql(shape: SearchShape, v: Val): SQL {
  const center = centerPoint(v);
  // Ring bounds in km (`ring_lo`, `ring_hi`: ringValues); the last ring (everything beyond) has no outer bound.
  // Rings are told apart by the chord (cube_distance, what `<->` orders by): one C call a row. The first ring
  // starts a hair inside 40 km; the exact "beyond 40 km" check in `where` decides there.
  const where = whereOf(shape, v, 'leave out');
  const cap = HITS_LIMIT;
  const chord = sql`cube_distance(${listingPoint}, ${center})`;
  const cell = sql.raw(`(floor("materials"."latitude" * ${LAT_CELLS_PER_DEGREE}))::int`);
  // Each (range, row) is a probe of materials_lat_cell_idx, written as a LATERAL subquery on the row and the
  // longitudes, kept from being flattened into a join by `offset 0`: as a join the planner hashes the rows and
  // reads the whole index for every range.
  return sql`select far.id, far.knn, far.created_at
    from (select n, ${chordSql(sql`lo`)} * case when n = 1 then 1 - 1e-9 else 1 end as lo, ${chordSql(sql`hi`)} as hi
          from unnest(${v('ring_lo')}::float8[], ${v('ring_hi')}::float8[]) with ordinality as b(lo, hi, n)) as ring
    cross join lateral (
      (select probe.id, probe.knn, probe.created_at
        from unnest(${v('ring')}::int[], ${v('cell_lo')}::int[], ${v('cell_hi')}::int[], ${v('lng_lo')}::float8[], ${v('lng_hi')}::float8[])
             as r(ring, cell_lo, cell_hi, lng_lo, lng_hi)
        cross join lateral generate_series(r.cell_lo, r.cell_hi) as cell(c)
        cross join lateral (
          select ${materials.id} as id, ${listingPoint} <-> ${center} as knn, ${materials.created_at} as created_at
          from ${materials}
          where ${cell} = cell.c and ${materials.longitude} between r.lng_lo and r.lng_hi
            and ${chord} > ring.lo and ${chord} <= ring.hi and ${where}
          offset 0
        ) probe
        where r.ring = ring.n
        order by probe.knn, probe.id
        limit ${cap})
      union all
      (select ${materials.id}, ${listingPoint} <-> ${center}, ${materials.created_at}
        from ${materials}
        where ring.hi is null and ${chord} > ring.lo and ${where}
        order by ${listingPoint} <-> ${center}
        limit ${cap})
    ) far
    limit ${cap}`;
}

/** The `hits` CTE: the ring scan for "above 40 km", else the one scan in the primary order. */
function hitsCte(db: DbOrTx, shape: SearchShape, v: Val) {
  if (shape.distance === 'rings') {
    const selection = { id: materials.id, knn: sql<number>`knn`.as('knn'), created_at: materials.created_at };
    return db.$with('hits', selection).as(farHitsSql(shape, v));
  }
  // The walk selects the same columns (id, knn, created_at) from its subquery.
  if (shape.q === 'walk') return db.$with('hits').as(walkHitsQuery(db, shape, v) as unknown as ReturnType<typeof hitsQuery>);
  return db.$with('hits').as(hitsQuery(db, shape, v));
}

/** `least(count, 99)` of the caller company's own listings the same filters would show (they are left out). */
function ownHiddenSql(db: DbOrTx, shape: SearchShape, v: Val): SQL<number> {
  if (!shape.ownHidden) return sql<number>`0`;
  const own = db
    .select({ one: sql`1`.as('one') })
    .from(materials)
    .where(whereOf(shape, v, 'only own'))
    .limit(constLimit(100))
    .as('own');
  return sql<number>`least((select count(*) from ${own}), 99)::int`;
}

/**
 * One page of a search, its capped total and the own-listings count in ONE statement: `hits` (above) is
 * scanned once, the page is a slice of it in the requested order, and only the page's rows are joined to
 * companies, groups, addresses and their first photo.
 */
function pageQuery(db: DbOrTx, shape: SearchShape, v: Val) {
  const hits = hitsCte(db, shape, v);
  const nearestFirst = shape.nearestFirst;
  const pageOrder = (t: { knn: SQL.Aliased<number>; created_at: typeof materials.created_at; id: typeof materials.id }) =>
    nearestFirst ? [asc(t.knn), asc(t.id)] : [desc(t.created_at), desc(t.id)];
  // page_ids reads the outer `hits` (no WITH of its own): one CTE referenced twice is scanned once and kept,
  // so the page and the total come from the same single scan of at most cap + 1 rows.
  const pageIds = db.$with('page_ids').as(
    db
      .select({ id: hits.id, knn: sql<number>`${hits.knn}`.as('page_knn'), created_at: hits.created_at })
      .from(hits)
      .orderBy(...(nearestFirst ? [asc(hits.knn), asc(hits.id)] : [desc(hits.created_at), desc(hits.id)]))
      .limit(v('size') as number)
      .offset(v('offset') as number),
  );
  return withListingParts(
    db
      .with(hits, pageIds)
      .select({
        ...listItemColumns(shape.center ? centerPoint(v) : null),
        total: sql<number>`(select count(*) from ${hits})::int`,
        own_hidden: ownHiddenSql(db, shape, v),
        // How far the capped set reaches (a chord): what "above 40 km" learns its first ring from.
        far_edge: shape.distance === 'rings' ? sql<number | null>`(select max(knn) from ${hits})` : sql<number | null>`null::float8`,
      })
      .from(pageIds)
      .innerJoin(materials, eq(materials.id, pageIds.id))
      .$dynamic(),
  ).orderBy(...pageOrder({ knn: pageIds.knn, created_at: materials.created_at, id: materials.id }));
}

/** The capped total and own count alone (a page past the last one has no row to carry them). */
function countsQuery(db: DbOrTx, shape: SearchShape, v: Val) {
  const hits = hitsCte(db, shape, v);
  return db
    .with(hits)
    .select({ total: sql<number>`count(*)::int`, own_hidden: ownHiddenSql(db, shape, v) })
    .from(hits);
}

/**
 * The own-listings count alone: a first page with no row has no hits at all (total 0), so only this is left
 * to ask, without scanning the hits a second time.
 */
function ownHiddenQuery(db: DbOrTx, shape: SearchShape, v: Val) {
  return db.select({ own_hidden: ownHiddenSql(db, shape, v) }).from(sql`(select 1) as one`);
}

/** A search page as a one-off statement with its values inline (tests, EXPLAIN in scripts). */
export function searchPageQuery(db: DbOrTx, input: SearchMaterialsInput, ctx: SearchContext) {
  return pageQuery(db, searchShape(input, ctx), vInline(searchValues(input, ctx)));
}

/**
 * A search page's statement as it is prepared (placeholders $1, $2, ...) and its values in order, for a test
 * or script that explains the plan the search connections run (a generic one; db/client.ts).
 */
export function searchStatementSql(db: DbOrTx, input: SearchMaterialsInput, ctx: SearchContext): { sql: string; values: unknown[] } {
  const values = searchValues(input, ctx);
  const text = statementText(pageQuery(db, searchShape(input, ctx), vPlaceholder).toSQL());
  return { sql: text.sql, values: text.params.map((p) => ('name' in p ? values[p.name] : p.value)) };
}

const shapeKey = (shape: SearchShape) =>
  Object.entries(shape)
    .map(([k, x]) => `${k}=${String(x)}`)
    .join(',');
/** The prepared page and counts statements of a shape, built once per database object (server/db/prepared.ts). */
const pageStatement = (db: DbOrTx, shape: SearchShape) =>
  preparedOn(db, `search_page:${shapeKey(shape)}`, (d) => pageQuery(d, shape, vPlaceholder).prepare('search_page'));
const countsStatement = (db: DbOrTx, shape: SearchShape) =>
  preparedOn(db, `search_counts:${shapeKey(shape)}`, (d) => countsQuery(d, shape, vPlaceholder).prepare('search_counts'));
const ownHiddenStatement = (db: DbOrTx, shape: SearchShape) =>
  preparedOn(db, `search_own:${shapeKey(shape)}`, (d) => ownHiddenQuery(d, shape, vPlaceholder).prepare('search_own'));
export type SearchRow = Awaited<ReturnType<ReturnType<typeof pageStatement>['execute']>>[number];

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
 * One search page with its capped total and own-listings count, in one statement (two for some text searches).
 *
 * The planner guesses 0.1% of the table inside any earth_box, which makes a bitmap scan (that reads every row
 * in the box and cannot stop early) look cheap for the capped scan. Without bitmap scans it is a KNN index
 * scan that stops at the cap: the search connections (Postgres) and PGlite's one connection have them off.
 *
 * A text search (`q`) first walks the first TEXT_WALK_ROWS listings in the search's order, keeping those the
 * words match: a common word fills the capped set within them, and that set is then exactly the first matches in
 * that order (1M listings, 40 km, a word in every title: 1 ms, where the trigram bitmap read the whole 40 km box,
 * 80-120 ms). When the walk finds fewer than the cap (a rare word, or few listings), the trigram GIN indexes
 * answer, read only by bitmap scans (a word nothing has: about 3-9 ms). "Above 40 km" with words goes to the
 * indexes at once: its walk would first pass every listing within 40 km.
 */
export async function searchPage(database: Database, input: SearchMaterialsInput, ctx: SearchContext) {
  const memory = searchMemoryOf(database);
  const shape = searchShape(input, ctx);
  // "Above 40 km" starts with the first ring this point and these filters taught, unless the caller fixed one.
  const learns = shape.distance === 'rings' && ctx.center !== null && ctx.firstRingKm === undefined;
  const values = searchValues(input, learns && ctx.center ? { ...ctx, firstRingKm: firstRingWidthKm(memory, input, ctx.center) } : ctx);
  // The search connections run generic plans (db/client.ts); a shape whose best index depends on a value plans
  // this execution for its values, in a transaction of its own (its statements are then built for that call).
  const result =
    database.searchDb && planDependsOnValues(shape)
      ? await database.searchDb.transaction(async (tx) => {
          await tx.execute(sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`);
          return searchOn(database, memory, tx, shape, values, ctx);
        })
      : await searchOn(database, memory, database.searchDb ?? database.db, shape, values, ctx);
  const edge = result.rows[0]?.far_edge;
  if (learns && ctx.center && (edge != null || !result.count.capped)) {
    learnFirstRing(memory, input, ctx.center, result.count.capped ? chordKm(Number(edge)) : null);
  }
  return result;
}

/** A chord (what `<->` and cube_distance give) as a distance in km on the SPEC sphere: distanceKmSql in JS. */
const chordKm = (chord: number) => 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, chord / (2 * EARTH_M)));

/**
 * Filters on one company, a category id or a code prefix have indexes of their own (materials_company_idx, the
 * category ids', materials_code_idx) that beat the KNN or newest scan for a rare value and lose to it for a
 * common one, and a code prefix reaches its index only as a constant: their plan must see the values.
 */
export function planDependsOnValues(shape: SearchShape): boolean {
  return shape.company || shape.group || shape.first || shape.second || shape.third || shape.code !== 'none';
}

/** One page and its counts. `prepared`: the shape's statement, built once per database object; else built for this call. */
async function runPage(db: DbOrTx, s: SearchShape, vals: Values, prepared: boolean) {
  const rows = prepared ? await pageStatement(db, s).execute(vals) : await pageQuery(db, s, vInline(vals));
  // No row to carry the counts: on the first page there are no hits at all, so only the own count is asked
  // (when there is one); past the last page the counts are scanned for.
  const counts =
    rows[0] ??
    (vals.offset === 0
      ? {
          total: 0,
          own_hidden: s.ownHidden
            ? ((prepared ? await ownHiddenStatement(db, s).execute(vals) : await ownHiddenQuery(db, s, vInline(vals)))[0]?.own_hidden ?? 0)
            : 0,
        }
      : (prepared ? await countsStatement(db, s).execute(vals) : await countsQuery(db, s, vInline(vals)))[0]) ??
    ({ total: 0, own_hidden: 0 } as const);
  const n = Number(counts.total);
  const count = n > LIMITS.searchCountCap ? { total: LIMITS.searchCountCap, capped: true } : { total: n, capped: false };
  return { rows, count, own_hidden: Number(counts.own_hidden), via: s.q };
}

/**
 * A text search whose walk filled the cap is remembered by everything but its page (searchOn, SearchMemory): it
 * skips the probe next time. Only this way round: a search remembered as rare could go on reading the trigram
 * indexes for a word that has since become common (80-120 ms within 40 km at 1M listings); a search remembered
 * wrongly as common costs one walk, and is forgotten.
 */
const textSearchKey = (shape: SearchShape, values: Values) => {
  const { offset: _o, size: _s, walk: _w, ...rest } = values;
  return `${shapeKey(shape)}|${JSON.stringify(rest)}`;
};
/** Whether this search would walk without the probe (tests). */
export function walksWithoutProbe(database: Database, input: SearchMaterialsInput, ctx: SearchContext): boolean {
  return searchMemoryOf(database).walked(textSearchKey(searchShape(input, ctx), searchValues(input, ctx)));
}

/** `unbitmapped`: a search connection (or PGlite's one), or a transaction on one. */
async function searchOn(database: Database, memory: SearchMemory, unbitmapped: DbOrTx, shape: SearchShape, values: Values, ctx: SearchContext) {
  if (shape.q === 'none') return runPage(unbitmapped, shape, values, true);
  if (shape.distance !== 'beyond' && ctx.walk !== false) {
    const walk = { ...shape, q: 'walk' } as const;
    // The walk's first TEXT_PROBE_ROWS, counted (one statement), tell whether it can fill the cap: a word that few
    // of them have (a word nobody wrote: none) goes to the indexes without the whole walk (1M listings, any
    // distance, a word nobody wrote: 17.6 -> 10.8 ms median, sequential, on a busy machine). The same search
    // (words, filters and point) whose walk filled the cap last time walks again without the probe.
    const key = textSearchKey(shape, values);
    let worth = memory.walked(key);
    if (!worth) {
      const [probe] = await countsStatement(unbitmapped, walk).execute({ ...values, walk: TEXT_PROBE_ROWS });
      worth = Number(probe?.total ?? 0) * (TEXT_WALK_ROWS / TEXT_PROBE_ROWS) >= TEXT_WALK_WORTH;
    }
    if (worth) {
      const walked = await runPage(unbitmapped, walk, values, true);
      if (walked.count.capped) {
        memory.rememberWalk(key);
        return walked;
      }
    }
    memory.forgetWalk(key);
  }
  if (database.kind === 'postgres') return runPage(database.db, shape, values, true);
  // PGlite's one connection runs with bitmap scans off (db/client.ts); the trigram indexes need them, so this
  // search turns them on for itself, in a transaction.
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = on`);
    return runPage(tx, shape, values, false);
  });
}
