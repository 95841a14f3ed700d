// Needs (wanted listings), their matches and answers. Distances use the materials search's earthdistance helpers
// (materials/search.ts) on the needs' own stored point, so a need is "near" exactly as a listing is.
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { companies, company_addresses, material_groups, materials, need_matches, needs } from '../../../drizzle/schema';
import { LIMITS } from '../../../shared/constants/limits';
import type { QuantityUnit } from '../../../shared/constants/enums';
import type { LatLng } from '../../../shared/lib/geo';
import type { DbOrTx } from '../../db/client';
import { firstRow } from '../../db/rows';
import { centerOf, chordOf, distanceKmSql, escapeLike, listingPoint, withinKm, withinKmSql } from '../materials/search';

const needPoint = sql`${needs.geo}`;
const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : ((r as { rows?: unknown[] }).rows ?? [])) as T[];

/** A need is open while its last day has not passed (UTC). */
export const isOpen = sql<boolean>`(${needs.until} is null or ${needs.until} >= (now() at time zone 'utc')::date)`;

export interface NeedValues {
  title: string;
  description: string;
  material_group_id: number;
  material_group_code: string | null;
  quantity: number;
  unit: QuantityUnit;
  max_distance_km: number;
  until: string | null;
}

/**
 * Every group that holds a code, most specific level last: the group whose own code it is (depth 0), or the groups
 * with a first-, second- or third-level subcategory so coded (depth 1-3). A split EWC sub-chapter (15 01 packaging)
 * stands under several groups. One round trip; the service picks among them.
 */
export async function groupsOfCode(db: DbOrTx, code: string): Promise<{ id: number; slug: string; depth: number }[]> {
  const r = await db.execute(sql`
    select g.id, g.slug, 0 as depth from material_groups g where g.code = ${code}
    union all
    select g.id, g.slug, 1 from first_level_subcategories f join material_groups g on g.id = f.material_group_id where f.code = ${code}
    union all
    select g.id, g.slug, 2 from second_level_subcategories s
      join first_level_subcategories f on f.id = s.first_level_subcategory_id join material_groups g on g.id = f.material_group_id
     where s.code = ${code}
    union all
    select g.id, g.slug, 3 from third_level_subcategories t join second_level_subcategories s on s.id = t.second_level_subcategory_id
      join first_level_subcategories f on f.id = s.first_level_subcategory_id join material_groups g on g.id = f.material_group_id
     where t.code = ${code}
    order by depth, id`);
  return rowsOf<{ id: number; slug: string; depth: number }>(r).map((x) => ({ id: Number(x.id), slug: x.slug, depth: Number(x.depth) }));
}

/** The company's primary address (else its first), where its needs are measured from. */
export async function companyPoint(db: DbOrTx, companyId: number): Promise<LatLng | null> {
  return firstRow(
    db
      .select({ lat: company_addresses.latitude, lng: company_addresses.longitude })
      .from(company_addresses)
      .where(eq(company_addresses.company_id, companyId))
      .orderBy(desc(company_addresses.is_primary), asc(company_addresses.id)),
  );
}

export async function insertNeed(db: DbOrTx, v: NeedValues & { company_id: number; created_by_user_id: number; at: LatLng; created_at?: Date }) {
  const [row] = await db
    .insert(needs)
    .values({ ...v, latitude: v.at.lat, longitude: v.at.lng, updated_at: v.created_at })
    .returning({ id: needs.id });
  return row!.id;
}

export async function updateNeed(db: DbOrTx, id: number, companyId: number, v: NeedValues) {
  const rows = await db
    .update(needs)
    .set(v)
    .where(and(eq(needs.id, id), eq(needs.company_id, companyId)))
    .returning({ id: needs.id });
  return rows.length > 0;
}

export async function deleteNeed(db: DbOrTx, id: number, companyId: number) {
  const rows = await db
    .delete(needs)
    .where(and(eq(needs.id, id), eq(needs.company_id, companyId)))
    .returning({ id: needs.id });
  return rows.length > 0;
}

function needColumns(center: LatLng | null) {
  return {
    id: needs.id,
    uuid: needs.uuid,
    company_id: needs.company_id,
    company_name: companies.name,
    title: needs.title,
    description: needs.description,
    material_group_id: needs.material_group_id,
    material_group_name: material_groups.name,
    material_group_code: needs.material_group_code,
    quantity: needs.quantity,
    unit: needs.unit,
    max_distance_km: needs.max_distance_km,
    until: needs.until,
    latitude: needs.latitude,
    longitude: needs.longitude,
    is_open: isOpen,
    city: sql<
      string | null
    >`(select ${company_addresses.city} from ${company_addresses} where ${company_addresses.company_id} = ${needs.company_id} order by ${company_addresses.is_primary} desc, ${company_addresses.id} limit 1)`,
    distance_km: center ? distanceKmSql(center, needPoint) : sql<number | null>`null::float8`,
    match_count: sql<number>`(select count(*)::int from ${need_matches} where ${need_matches.need_id} = ${needs.id})`,
    created_at: needs.created_at,
    updated_at: needs.updated_at,
  };
}
export type NeedRow = Awaited<ReturnType<typeof findNeed>> & object;

export async function findNeed(db: DbOrTx, id: number, center: LatLng | null = null) {
  return firstRow(
    db
      .select(needColumns(center))
      .from(needs)
      .innerJoin(companies, eq(companies.id, needs.company_id))
      .innerJoin(material_groups, eq(material_groups.id, needs.material_group_id))
      .where(eq(needs.id, id)),
  );
}

/** The company's own needs, open and closed, newest first. */
export async function listOwn(db: DbOrTx, companyId: number, page: number, size: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select(needColumns(null))
      .from(needs)
      .innerJoin(companies, eq(companies.id, needs.company_id))
      .innerJoin(material_groups, eq(material_groups.id, needs.material_group_id))
      .where(eq(needs.company_id, companyId))
      .orderBy(desc(needs.created_at), desc(needs.id))
      .limit(size)
      .offset(page * size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(needs)
      .where(eq(needs.company_id, companyId)),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * Open needs of other approved companies, nearest first, inside the radius; the total counted up to the search cap
 * as the listing search counts it (LIMITS.searchCountCap, `total_capped`).
 */
export async function searchNeeds(
  db: DbOrTx,
  input: { proximity: string; page: number; size: number; material_group_code?: string; q?: string },
  ctx: { center: LatLng | null; company_id: number },
) {
  const where: (SQL | undefined)[] = [
    isOpen,
    ne(needs.company_id, ctx.company_id),
    sql`${needs.company_id} not in (select ${companies.id} from ${companies} where ${companies.status} <> 'approved')`,
  ];
  if (ctx.center && input.proximity !== 'any') where.push(withinKm(ctx.center, Number(input.proximity), needPoint));
  if (input.material_group_code) {
    const code = input.material_group_code;
    // The group whose code it is, or needs at the code or under it (a need for "02 01" is one for "02").
    where.push(
      or(
        sql`${needs.material_group_id} in (select ${material_groups.id} from ${material_groups} where ${material_groups.code} = ${code})`,
        eq(needs.material_group_code, code),
        sql`starts_with(${needs.material_group_code}, ${/^\d+$/.test(code) ? code : `${code}.`})`,
      ),
    );
  }
  if (input.q) {
    const like = `%${escapeLike(input.q)}%`;
    where.push(or(ilike(needs.title, like), ilike(needs.description, like)));
  }
  const cond = and(...where);
  const order = ctx.center ? [sql`${needPoint} <-> ${centerOf(ctx.center)}`, asc(needs.id)] : [desc(needs.created_at), desc(needs.id)];
  const [rows, capped] = await Promise.all([
    db
      .select(needColumns(ctx.center))
      .from(needs)
      .innerJoin(companies, eq(companies.id, needs.company_id))
      .innerJoin(material_groups, eq(material_groups.id, needs.material_group_id))
      .where(cond)
      .orderBy(...order)
      .limit(input.size)
      .offset(input.page * input.size),
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(needs)
        .where(cond)
        .limit(LIMITS.searchCountCap + 1)
        .as('capped'),
    ),
  ]);
  const n = Number(capped[0]?.n ?? 0);
  return { rows, total: Math.min(n, LIMITS.searchCountCap), capped: n > LIMITS.searchCountCap };
}

/** A need's matched and answering listings, newest first; `ofCompany` keeps only that company's listings. */
export async function matchesOf(db: DbOrTx, needId: number, center: LatLng | null, ofCompany?: number) {
  return db
    .select({
      material_id: materials.id,
      title: materials.title,
      quantity: materials.quantity,
      quantity_unit: materials.quantity_unit,
      status: materials.status,
      material_group_code: materials.material_group_code,
      company_id: materials.company_id,
      company_name: companies.name,
      source: need_matches.source,
      message: need_matches.message,
      distance_km: center ? distanceKmSql(center, listingPoint) : sql<number | null>`null::float8`,
      created_at: need_matches.created_at,
    })
    .from(need_matches)
    .innerJoin(materials, eq(materials.id, need_matches.material_id))
    .innerJoin(companies, eq(companies.id, materials.company_id))
    .where(and(eq(need_matches.need_id, needId), ofCompany === undefined ? undefined : eq(materials.company_id, ofCompany)))
    .orderBy(desc(need_matches.created_at), desc(materials.id))
    .limit(100);
}

/**
 * The one matching rule, in SQL over needs `n` and listings `m`: an active offering of another company, within the
 * need's distance of it, and in the need's group when the need names a group, or at or under the need's code when it
 * names one (EWC entries of one chapter can sit in different groups: a code is matched as a code). `indexed`: the
 * side whose GiST index answers the distance (the other side is a few rows by id).
 */
const matchCondition = (indexed: 'needs' | 'listings') => sql`
  (case when n.material_group_code is null then n.material_group_id = m.material_group_id
        else m.material_group_code = n.material_group_code
          or starts_with(m.material_group_code, n.material_group_code || case when n.material_group_code ~ '^[0-9]+$' then '' else '.' end) end)
  and n.company_id <> m.company_id
  and m.kind = 'offering' and m.status = 'active'
  and (n.until is null or n.until >= (now() at time zone 'utc')::date)
  and ${
    indexed === 'listings'
      ? withinKmSql(sql`n.geo`, sql`m.geo`, sql`n.max_distance_km`)
      : // Each need has its own radius, which no index condition can read: the box of the largest radius (one step
        // back along needs_max_distance_idx) is what the GiST index on the needs' points answers.
        sql`cube_enlarge(m.geo, ${chordOf(sql`(select max(max_distance_km) from needs)`)}, 3) @> n.geo and ${withinKmSql(sql`m.geo`, sql`n.geo`, sql`n.max_distance_km`)}`
  }`;

export interface NewMatch {
  need_id: number;
  need_title: string;
  need_company_id: number;
  material_id: number;
  title: string;
  company_name: string;
}

/**
 * Records the needs these new listings match; a pair already recorded is left alone (its company was told once).
 * Returns only the pairs this call recorded, with what their notifications say.
 */
export async function recordMatches(db: DbOrTx, materialIds: readonly number[]): Promise<NewMatch[]> {
  if (!materialIds.length) return [];
  const ids = sql.join(
    materialIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const r = await db.execute(sql`
    with found as (
      insert into need_matches (need_id, material_id, source)
      select n.id, m.id, 'matched' from materials m join needs n on ${matchCondition('needs')}
      where m.id in (${ids})
      on conflict do nothing
      returning need_id, material_id)
    select f.need_id, n.title as need_title, n.company_id as need_company_id, f.material_id, m.title, c.name as company_name
      from found f join needs n on n.id = f.need_id join materials m on m.id = f.material_id join companies c on c.id = m.company_id`);
  return rowsOf<NewMatch>(r).map((x) => ({
    ...x,
    need_id: Number(x.need_id),
    need_company_id: Number(x.need_company_id),
    material_id: Number(x.material_id),
  }));
}

/** When a need is created or edited: the active listings it matches now, recorded quietly (nobody is notified). */
export async function recordExistingMatches(db: DbOrTx, needId: number, limit = 50): Promise<number> {
  const r = await db.execute(sql`
    insert into need_matches (need_id, material_id, source)
    select n.id, m.id, 'matched' from needs n join materials m on ${matchCondition('listings')}
    where n.id = ${needId}
      and m.company_id not in (select id from companies where status <> 'approved')
    order by m.created_at desc
    limit ${limit}
    on conflict do nothing
    returning material_id`);
  return rowsOf(r).length;
}

/** The answering listing, if it is an active offering of this company (else null). */
export async function ownActiveListing(db: DbOrTx, materialId: number, companyId: number) {
  return firstRow(
    db
      .select({ id: materials.id, title: materials.title, company_name: companies.name })
      .from(materials)
      .innerJoin(companies, eq(companies.id, materials.company_id))
      .where(and(eq(materials.id, materialId), eq(materials.company_id, companyId), eq(materials.status, 'active'), eq(materials.kind, 'offering'))),
  );
}

/**
 * Records an answer. A listing that had matched the need by itself becomes an answer (with the message); false when
 * the listing already answers it.
 */
export async function insertAnswer(db: DbOrTx, v: { need_id: number; material_id: number; message: string | null }) {
  const rows = await db
    .insert(need_matches)
    .values({ ...v, source: 'answered' })
    .onConflictDoUpdate({
      target: [need_matches.need_id, need_matches.material_id],
      set: { source: 'answered', message: v.message, created_at: sql`now()` },
      setWhere: sql`${need_matches.source} = 'matched'`,
    })
    .returning({ need_id: need_matches.need_id });
  return rows.length > 0;
}

/** Locks the need's row for the rest of the transaction (answers and edits of one need queue up). */
export async function lockNeed(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: needs.id, company_id: needs.company_id, title: needs.title, open: isOpen })
    .from(needs)
    .where(eq(needs.id, id))
    .for('update');
  return row ?? null;
}
