// "Above 40 km" by rings gives what the plain KNN scan gave: the same rows, in the same order, with
// the same capped totals and own counts, page after page, for both sorts and with filters. Random listings
// (distinct points, so no two are equally far) around viewers in a dense city, at the antimeridian, near a pole
// and far from everything (where the rings find too few and the KNN scan beyond them takes over).
// Postgres (TEST_DATABASE_URL) and PGlite.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/constants/limits';
import type { LatLng } from '../../../shared/lib/geo';
import { searchMaterialsInput } from '../../../shared/schemas/materials';
import { createCompanyWithUsers } from '../../test/factories';
import { useTestContext } from '../../test/suite';
import { FAR_RINGS_KM, firstRingWidthKm, searchPage, usesRings, type SearchContext } from './search';
import { searchMemoryOf } from './search-memory';

const t = useTestContext();
const owners: number[] = [];

const viewers: Record<string, LatLng> = {
  city: { lat: 55.6761, lng: 12.5683 },
  antimeridian: { lat: 64.7, lng: 179.8 },
  pole: { lat: 89.6, lng: -30 },
  // Nothing within the last ring's radius: the KNN scan beyond it answers.
  alone: { lat: -47, lng: -120 },
};

/** n listings around `c`: normal in km with spread `sigmaKm`, spread over the owners; statuses and kinds mixed. */
async function scatter(c: LatLng, n: number, sigmaKm: number, seed: number) {
  await t.database.db.execute(sql`select setseed(${seed})`);
  await t.database.db.execute(sql`
    insert into materials (company_id, title, description, category, frequency, quantity, condition, type, final_use, latitude, longitude, status, kind)
    select (${sql.param(owners)}::int[])[1 + (g * 7) % ${owners.length}], 'Far ' || g, 'Random row', (array['by-product','surplus','waste','knowledge'])[1 + g % 4],
           'weekly', g % 1000, 'Used', 'Mixed', 'Recycling',
           -- Past a pole the point comes back down the other side (clamping would pile points up at the pole, all
           -- equally far, and ties at the cap's edge may fall either way).
           case when lat > 90 then 180 - lat when lat < -90 then -180 - lat else lat end,
           (((lng + case when abs(lat) > 90 then 180 else 0 end + 180)::numeric % 360 + 360) % 360 - 180)::float8,
           case when g % 10 = 0 then 'archived' else 'active' end, case when g % 7 = 0 then 'donation' else 'offering' end
    from (select g,
                 ${c.lat}::float8 + sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) * ${sigmaKm}::float8 / 111.2 as lat,
                 ${c.lng}::float8 + sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) * ${sigmaKm}::float8 / (111.2 * greatest(0.05, cos(radians(${c.lat}::float8)))) as lng
          from generate_series(1, ${n}) g) p`);
}

beforeAll(async () => {
  for (let i = 0; i < 12; i++) owners.push((await createCompanyWithUsers(t.database.db, viewers.city!)).company.id);
  // A dense city (most within 40 km), its surroundings, and sparse listings over a continent.
  await scatter(viewers.city!, 6000, 15, 0.1);
  await scatter(viewers.city!, 1500, 400, 0.2);
  await scatter({ lat: 48, lng: 10 }, 1500, 1500, 0.3);
  await scatter(viewers.antimeridian!, 2500, 120, 0.4);
  await scatter(viewers.pole!, 2500, 150, 0.5);
  await t.database.db.execute(sql`analyze materials`);
}, 120_000);

type Input = Parameters<typeof searchMaterialsInput.parse>[0];

async function both(input: Input, center: LatLng, company_id: number, firstRingKm?: number) {
  const parsed = searchMaterialsInput.parse({ proximity: 'above40', ...(input as object) });
  const ctx: SearchContext = { center, company_id, ...(firstRingKm ? { firstRingKm } : {}) };
  expect(usesRings(parsed, ctx)).toBe(true);
  const rings = await searchPage(t.database, parsed, ctx);
  const knn = await searchPage(t.database, parsed, { ...ctx, rings: false });
  return { rings, knn };
}

const view = (r: Awaited<ReturnType<typeof searchPage>>) => ({
  ids: r.rows.map((x) => x.id),
  km: r.rows.map((x) => x.distance_km),
  count: r.count,
  own_hidden: r.own_hidden,
});

describe('above 40 km by rings', () => {
  for (const [name, center] of Object.entries(viewers)) {
    it(`gives the KNN scan's rows, order and totals around ${name}`, async () => {
      const own = owners[3]!;
      let compared = 0;
      for (const sort of ['distance', 'newest'] as const) {
        // Every page of 100 up to the cap: the whole capped result, in order.
        for (let page = 0; page * 100 < LIMITS.searchCountCap; page++) {
          const { rings, knn } = await both({ sort, page, size: 100 }, center, own);
          expect(view(rings)).toEqual(view(knn));
          compared += rings.rows.length;
          if (rings.rows.length < 100) break;
        }
      }
      expect(compared).toBeGreaterThan(0);
      for (const input of [
        { kind: 'donation' },
        { kind: 'all', include_own: true },
        { category: ['waste', 'surplus'] },
        { kind: 'all', category: 'knowledge', frequency: 'weekly', page: 3 },
        { sort: 'newest', kind: 'all', page: 2, size: 50 },
      ] as Input[]) {
        const { rings, knn } = await both(input, center, own);
        expect(view(rings), JSON.stringify(input)).toEqual(view(knn));
      }
    });
  }

  it('gives the same with a narrower first ring (a learned width; rings too narrow to fill the cap included)', async () => {
    for (const firstRingKm of [1, 2]) {
      for (const [name, center] of Object.entries(viewers)) {
        for (const input of [
          { size: 100 },
          { sort: 'newest', size: 100, page: 1 },
          { kind: 'all', include_own: true, size: 100, page: 2 },
          { category: ['waste', 'surplus'], size: 50 },
        ] as Input[]) {
          const { rings, knn } = await both(input, center, owners[3]!, firstRingKm);
          expect(view(rings), `${name}, first ring ${firstRingKm} km, ${JSON.stringify(input)}`).toEqual(view(knn));
        }
      }
    }
  });

  it('learns a narrower first ring where the cap fills just past 40 km, and forgets it when it no longer does', async () => {
    const c = { lat: 10, lng: 10 };
    const seller = await createCompanyWithUsers(t.database.db, { lat: 10.4, lng: 10 });
    // 400 listings all around the viewer between 40.2 and 40.6 km (0.36-0.365 degrees of latitude), so the cap's
    // 301st is about 40.5 km away.
    await t.database.db.execute(sql`
      insert into materials (company_id, title, description, category, frequency, quantity, condition, type, final_use, latitude, longitude)
      select ${seller.company.id}::int, 'Rim ' || g, 'x', 'waste', 'monthly', 1, 'Used', 'Mixed', 'Recycling',
             10 + (40.2 + 0.4 * g / 400) / 6371 * 180 / pi() * cos(radians(g * 0.9)),
             10 + (40.2 + 0.4 * g / 400) / 6371 * 180 / pi() * sin(radians(g * 0.9)) / cos(radians(10))
      from generate_series(1, 400) g`);
    const input = searchMaterialsInput.parse({ proximity: 'above40', frequency: 'monthly', size: 100 });
    const ctx: SearchContext = { center: c, company_id: owners[0]! };
    expect(firstRingWidthKm(searchMemoryOf(t.database), input, c)).toBe(4);
    const first = await searchPage(t.database, input, ctx);
    expect(first.count).toEqual({ total: LIMITS.searchCountCap, capped: true });
    expect(firstRingWidthKm(searchMemoryOf(t.database), input, c)).toBe(1);
    // Another filter around the same point learns on its own.
    expect(firstRingWidthKm(searchMemoryOf(t.database), searchMaterialsInput.parse({ proximity: 'above40' }), c)).toBe(4);
    const { rings, knn } = await both({ frequency: 'monthly', size: 100, page: 2 }, c, owners[0]!);
    expect(view(rings)).toEqual(view(knn));
    expect(firstRingWidthKm(searchMemoryOf(t.database), input, c)).toBe(1);
    // Most of the rim goes: the cap no longer fills, and the width goes back to the default.
    await t.database.db.execute(
      sql`update materials set status = 'archived' where company_id = ${seller.company.id} and title like 'Rim %' and id % 4 <> 0`,
    );
    const after = await searchPage(t.database, input, ctx);
    expect(after.count.capped).toBe(false);
    expect(firstRingWidthKm(searchMemoryOf(t.database), input, c)).toBe(4);
  });

  it('reads past the last ring only when the rings hold fewer than the cap', async () => {
    const { rings } = await both({ size: 100, kind: 'all' }, viewers.alone!, owners[0]!);
    expect(rings.rows[0]!.distance_km).toBeGreaterThan(FAR_RINGS_KM[FAR_RINGS_KM.length - 1]!);
    expect(rings.count).toEqual({ total: LIMITS.searchCountCap, capped: true });
  });

  it('counts a total below the cap exactly, with listings at one address', async () => {
    const c = { lat: -20, lng: 30 };
    const seller = await createCompanyWithUsers(t.database.db, { lat: -20.6, lng: 30 });
    // 30 listings at one address (equal distances), 67 km away, and one at 42 km.
    await t.database.db.execute(sql`
      insert into materials (company_id, title, description, category, frequency, quantity, condition, type, final_use, latitude, longitude)
      select ${seller.company.id}::int, 'Same place ' || g, 'x', 'waste', 'daily', 1, 'Used', 'Mixed', 'Recycling', -20.6, 30 from generate_series(1, 30) g
      union all select ${seller.company.id}::int, 'Nearer', 'x', 'waste', 'daily', 1, 'Used', 'Mixed', 'Recycling', -20.38, 30`);
    for (const sort of ['distance', 'newest'] as const) {
      // Only these listings are daily; the scattered ones are weekly.
      const { rings, knn } = await both({ sort, size: 20, page: 1, frequency: 'daily' }, c, owners[0]!);
      expect(view(rings)).toEqual(view(knn));
      expect(rings.count).toEqual({ total: 31, capped: false });
    }
  });
});
