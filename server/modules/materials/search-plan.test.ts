// The proximity search must be answered by the GiST index in KNN order (ARCHITECTURE §3): EXPLAIN shows an
// Index Scan using materials_geo_idx with an "Order By" on the distance operator. Runs on Postgres and on
// PGlite (same planner). The planner guesses a fixed share (0.1%) of the table inside any earth_box, so the
// table must be large enough for that guess to exceed a page: 100,000 listings, as a real marketplace has.
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/constants/limits';
import { searchMaterialsInput } from '../../../shared/schemas/materials';
import { createCompanyWithUsers } from '../../test/factories';
import { useTestContext } from '../../test/suite';
import { materials } from '../../../drizzle/schema';
import {
  cappedCount,
  distanceKmSql,
  earthPointText,
  planDependsOnValues,
  searchPageQuery,
  searchShape,
  searchStatementSql,
  searchWhere,
  withinKm,
} from './search';
import { onPostgres } from '../../test/postgres';

const t = useTestContext();
let companyId: number;
const center = { lat: 55.6761, lng: 12.5683 };

beforeAll(async () => {
  // Listings spread over 20 companies, as in a real marketplace (join estimates depend on it).
  const owners = [];
  for (let i = 0; i < 20; i++) owners.push((await createCompanyWithUsers(t.database.db, center)).company.id);
  companyId = owners[0]!;
  // Uniform over about 4 x 4 degrees around Copenhagen.
  await t.database.db.execute(sql`
    insert into materials (company_id, title, description, category, frequency, quantity, condition, type, final_use, latitude, longitude, status, kind)
    select (${sql.param(owners)}::int[])[1 + g % 20], 'Listing ' || g, 'Bench row', 'waste', 'weekly', g % 1000, 'Used', 'Mixed', 'Recycling',
           53.7 + random() * 4, 10.5 + random() * 4,
           case when g % 10 = 0 then 'archived' else 'active' end, case when g % 20 = 0 then 'donation' else 'offering' end
    from generate_series(1, 100000) g`);
  await t.database.db.execute(sql`analyze`);
});

/** EXPLAIN as the search runs it: on the search connections (Postgres) or PGlite's one connection (both without bitmap scans). */
async function explain(query: SQL): Promise<string> {
  const read = (res: unknown) =>
    ((Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Record<string, string>[]).map((r) => r['QUERY PLAN']).join('\n');
  return read(await (t.database.searchDb ?? t.database.db).execute(sql`explain ${query}`));
}

describe('search query plan', () => {
  for (const proximity of ['5', '20', '40', 'any'] as const) {
    it(`uses materials_geo_idx in KNN order at proximity ${proximity}`, async () => {
      const input = searchMaterialsInput.parse({ proximity, include_own: true });
      const plan = await explain(searchPageQuery(t.database.db, input, { center, company_id: companyId }).getSQL());
      expect(plan).toMatch(/Index Scan using materials_geo_idx/);
      expect(plan).toMatch(/Order By: \(+geo\)::cube <->/);
      expect(plan).not.toMatch(/Seq Scan on materials/);
      // The 1,001-row scan that gives the page and the capped total is the KNN scan, never a bitmap scan of the box.
      expect(plan).not.toMatch(/Bitmap Heap Scan on materials/);
      // One scan gives both the page and the total (a second WITH inside page_ids once made it two).
      expect(plan.match(/Index Scan using materials_geo_idx/g)).toHaveLength(1);
    });
  }

  it('reads "above 40 km" ring by ring from materials_lat_cell_idx, never the whole table or index', async () => {
    for (const sort of ['distance', 'newest'] as const) {
      const input = searchMaterialsInput.parse({ proximity: 'above40', sort });
      const plan = await explain(searchPageQuery(t.database.db, input, { center, company_id: companyId }).getSQL());
      // One probe per row of a ring: the row and the longitudes are the index condition.
      expect(plan).toMatch(
        /Index Scan using materials_lat_cell_idx[^\n]*\n\s*Index Cond: \(\(\(?floor\(\(latitude \* '32'::double precision\)\)\)::integer = cell\.c\) AND \(longitude >= r\.lng_lo\) AND \(longitude <= r\.lng_hi\)\)/,
      );
      // Beyond the last ring, the KNN scan (run only if the rings hold fewer than the cap).
      expect(plan).toMatch(/One-Time Filter: [^\n]*IS NULL/);
      expect(cteOf(plan, 'hits')).not.toMatch(/Seq Scan on materials|Hash Join|Bitmap Heap Scan on materials/);
    }
  });

  // The search connections plan a shape's prepared statement once (plan_cache_mode = force_generic_plan,
  // db/client.ts): that plan must read the same way as the plan made for the values.
  it.skipIf(!onPostgres)('plans each prepared search shape once, reading as a plan for its values would (Postgres)', async () => {
    const scans = (plan: string) =>
      [...cteOf(plan, 'hits').matchAll(/(Seq Scan|Index Scan(?: Backward)?(?: using \w+)?) on materials/g)].map((m) => m[1]);
    for (const proximity of ['5', '40', 'any', 'above40'] as const) {
      for (const sort of ['distance', 'newest'] as const) {
        for (const kind of ['offering', 'donation', 'all'] as const) {
          const input = searchMaterialsInput.parse({ proximity, sort, kind });
          const ctx = { center, company_id: companyId };
          const statement = searchStatementSql(t.database.db, input, ctx);
          const generic = await t.database.searchDb!.transaction(async (tx) => {
            await tx.execute(sql.raw(`prepare generic_search as ${statement.sql}`));
            await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
            const lines = rowsOf<Record<string, string>>(
              await tx.execute(sql.raw(`explain execute generic_search(${statement.values.map(literal).join(', ')})`)),
            );
            await tx.execute(sql`deallocate generic_search`);
            return lines.map((r) => r['QUERY PLAN']).join('\n');
          });
          const custom = await explain(searchPageQuery(t.database.db, input, ctx).getSQL());
          // Above 40 km: the rings alike; beyond the last ring (read only when the rings hold fewer than the cap),
          // either the KNN scan or the newest index.
          const compared = (plan: string) => (proximity === 'above40' ? scans(plan).slice(0, 1) : scans(plan));
          expect(compared(generic), `${proximity} ${sort} ${kind}`).toEqual(compared(custom));
          if (proximity !== 'any') expect(scans(generic), `${proximity} ${sort} ${kind}`).not.toContain('Seq Scan');
        }
      }
    }
  });

  it('plans a shape whose best index depends on a value for its values (a company, a category id, a code)', () => {
    const shape = (filters: Record<string, unknown>) =>
      searchShape(searchMaterialsInput.parse({ proximity: '40', ...filters }), { center, company_id: companyId });
    expect(planDependsOnValues(shape({}))).toBe(false);
    expect(planDependsOnValues(shape({ kind: 'donation', category: 'waste', q: 'steel', sort: 'newest' }))).toBe(false);
    for (const filters of [{ company_id: 3 }, { material_group_id: 2 }, { first_level_subcategory_id: 2 }, { material_group_code: '0207' }])
      expect(planDependsOnValues(shape(filters)), JSON.stringify(filters)).toBe(true);
  });

  it('counts through the index and stops at the cap', async () => {
    const input = searchMaterialsInput.parse({ proximity: '40', include_own: true });
    const where = searchWhere(input, { center, company_id: companyId });
    const plan = await explain(sql`select count(*) from (select 1 from materials where ${where} limit ${LIMITS.searchCountCap + 1}) s`);
    expect(plan).toMatch(/materials_geo_idx/);
    const wide = searchMaterialsInput.parse({ proximity: 'any', include_own: true });
    expect(await cappedCount(t.database.db, searchWhere(wide, { center, company_id: companyId }))).toEqual({
      total: LIMITS.searchCountCap,
      capped: true,
    });
  });

  it("selects and measures as earthdistance's own functions do (the point literal and chord compare)", async () => {
    const list = rowsOf<{ km: number; reference_km: number; within: boolean; reference_within: boolean }>(
      await t.database.db.execute(sql`
        select ${distanceKmSql(center)} as km,
               earth_distance(${materials.geo}, ll_to_earth(${center.lat}::float8, ${center.lng}::float8)) / earth() * 6371 as reference_km,
               ${withinKm(center, 40)} as within,
               earth_distance(${materials.geo}, ll_to_earth(${center.lat}::float8, ${center.lng}::float8)) <= 40::float8 / 6371 * earth() as reference_within
        from ${materials} order by ${materials.id} limit 5000`),
    );
    expect(list.length).toBe(5000);
    expect(list.some((r) => r.within) && list.some((r) => !r.within)).toBe(true);
    for (const r of list) {
      expect(Math.abs(Number(r.km) - Number(r.reference_km))).toBeLessThan(1e-6);
      expect(r.within).toBe(r.reference_within);
    }
    // The literal is ll_to_earth's point to the last bit, or to one unit in the last place (libm's cos and sin).
    const [point] = rowsOf<{ p: string }>(
      await t.database.db.execute(sql`select ll_to_earth(${center.lat}::float8, ${center.lng}::float8)::text as p`),
    );
    const coords = (text: string) => text.slice(1, -1).split(',').map(Number);
    const theirs = coords(point!.p);
    coords(earthPointText(center)).forEach((v, i) => expect(Math.abs(v - theirs[i]!)).toBeLessThan(1e-6));
  });
});

/** A statement value as an SQL literal (EXECUTE's arguments; a test's own values only). */
function literal(x: unknown): string {
  if (x === null || x === undefined) return 'null';
  if (Array.isArray(x)) return `array[${x.map(literal).join(', ')}]`;
  if (typeof x === 'number') return String(x);
  return `'${String(x).replace(/'/g, "''")}'`;
}

/** Rows of db.execute on either driver (postgres-js: an array; PGlite: { rows }). */
function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as T[];
}

/** The lines of a plan under "CTE name" (the own-listings count and the joins of the page are not part of it). */
function cteOf(plan: string, name: string): string {
  const lines = plan.split('\n');
  const start = lines.findIndex((l) => l.trim() === `CTE ${name}`);
  expect(start).toBeGreaterThanOrEqual(0);
  const indent = lines[start]!.search(/\S/);
  const end = lines.findIndex((l, i) => i > start && l.search(/\S/) <= indent);
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}
