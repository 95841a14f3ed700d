// Text search (`q`): a common word is answered by walking the first listings in the search's order, a
// rare one by the trigram indexes; both give what the trigram path alone gives: the same rows in the same order,
// the same capped totals and own counts, for every distance, both sorts and several pages. Postgres
// (TEST_DATABASE_URL) and PGlite.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchMaterialsInput } from '../../../shared/schemas/materials';
import { createCompanyWithUsers } from '../../test/factories';
import { useTestContext } from '../../test/suite';
import { searchPage, walksWithoutProbe, type SearchContext } from './search';

const t = useTestContext();
const owners: number[] = [];
const center = { lat: 55.6761, lng: 12.5683 };

beforeAll(async () => {
  for (let i = 0; i < 8; i++) owners.push((await createCompanyWithUsers(t.database.db, center)).company.id);
  await t.database.db.execute(sql`select setseed(0.42)`);
  // 6,000 listings: "pallet" in half the titles, "Oak" in 3 % of the descriptions, "teak" in 0.2 % of the titles,
  // spread around the viewer (most within 40 km, some far), created over a year.
  await t.database.db.execute(sql`
    insert into materials (company_id, title, description, category, frequency, quantity, condition, type, final_use,
                           latitude, longitude, status, kind, created_at)
    select (${sql.param(owners)}::int[])[1 + (g * 5) % ${owners.length}],
           case when g % 2 = 0 then 'Used pallet ' || g when g % 500 = 7 then 'Teak boards ' || g else 'Lot ' || g end,
           case when g % 33 = 0 then 'Solid Oak offcuts' else 'Assorted surplus' end,
           'surplus', 'weekly', g % 1000, 'Used', 'Mixed', 'Reuse',
           ${center.lat}::float8 + (random() - 0.5) * case when g % 10 = 0 then 6 else 0.8 end,
           ${center.lng}::float8 + (random() - 0.5) * case when g % 10 = 0 then 10 else 1.4 end,
           case when g % 9 = 0 then 'archived' else 'active' end, 'offering', now() - g * interval '1 hour'
    from generate_series(1, 6000) g`);
  await t.database.db.execute(sql`analyze materials`);
}, 120_000);

async function compare(query: Record<string, unknown>) {
  const input = searchMaterialsInput.parse(query);
  const ctx: SearchContext = { center, company_id: owners[0]! };
  const walked = await searchPage(t.database, input, ctx);
  const indexed = await searchPage(t.database, input, { ...ctx, walk: false });
  const view = (r: typeof walked) => ({ ids: r.rows.map((x) => x.id), count: r.count, own: r.own_hidden });
  expect(view(walked)).toEqual(view(indexed));
  expect(indexed.via).toBe('index');
  return walked;
}

describe('text search', () => {
  it('answers a common word from the walk, with the rows, totals and own count of the trigram path', async () => {
    for (const proximity of ['5', '20', '40', 'any'] as const) {
      for (const sort of ['distance', 'newest'] as const) {
        for (const page of [0, 3]) {
          const r = await compare({ q: 'pallet', proximity, sort, page });
          if (proximity === '40' || proximity === 'any') expect(r.via).toBe('walk');
        }
      }
    }
    // Own listings counted with the words too.
    const own = await compare({ q: 'PALLET', proximity: 'any' });
    expect(own.own_hidden).toBeGreaterThan(0);
  });

  it('goes to the trigram indexes for a rare word or one nobody wrote, with the same answer', async () => {
    for (const q of ['teak', 'oak', 'zzqxv', '100%_']) {
      for (const proximity of ['5', '40', 'any'] as const) {
        const r = await compare({ q, proximity });
        expect(r.via).toBe('index');
      }
    }
    expect((await compare({ q: 'teak', proximity: 'any' })).rows.every((x) => /teak/i.test(x.title))).toBe(true);
  });

  it('answers an empty first page with its own count, and a page past the last with the totals', async () => {
    await t.database.db.execute(sql`
      insert into materials (company_id, title, description, category, frequency, quantity, condition, type, final_use,
                             latitude, longitude, status, kind)
      select ${owners[0]!}, 'Quokka crate ' || g, 'Own only', 'surplus', 'weekly', 1, 'Used', 'Mixed', 'Reuse',
             ${center.lat}::float8, ${center.lng}::float8, 'active', 'offering'
      from generate_series(1, 3) g`);
    for (const proximity of ['5', 'any', 'above40'] as const) {
      const r = await compare({ q: 'quokka', proximity });
      expect(r.rows).toEqual([]);
      expect(r.count).toEqual({ total: 0, capped: false });
      expect(r.own_hidden).toBe(proximity === 'above40' ? 0 : 3);
    }
    const first = await compare({ q: 'teak', proximity: 'any' });
    const past = await compare({ q: 'teak', proximity: 'any', page: 20 });
    expect(first.count.total).toBeGreaterThan(0);
    expect(past.rows).toEqual([]);
    expect(past.count).toEqual(first.count);
  });

  it('walks a search whose walk filled the cap without the probe next time, and forgets it once the walk falls short', async () => {
    await t.database.db.execute(sql`
      insert into materials (company_id, title, description, category, frequency, quantity, condition, type, final_use,
                             latitude, longitude, status, kind)
      select ${owners[1]!}, 'Wombat crate ' || g, 'Common for a while', 'surplus', 'weekly', 1, 'Used', 'Mixed', 'Reuse',
             ${center.lat}::float8 + g * 0.00001, ${center.lng}::float8, 'active', 'offering'
      from generate_series(1, 400) g`);
    const query = { q: 'wombat', proximity: '40' };
    const input = searchMaterialsInput.parse(query);
    const ctx: SearchContext = { center, company_id: owners[0]! };
    expect(walksWithoutProbe(t.database, input, ctx)).toBe(false);
    expect((await compare(query)).via).toBe('walk');
    expect(walksWithoutProbe(t.database, input, ctx)).toBe(true);
    expect(walksWithoutProbe(t.database, searchMaterialsInput.parse({ ...query, sort: 'newest' }), ctx)).toBe(false);
    const again = await compare({ ...query, page: 2 });
    expect(again.via).toBe('walk');
    // The word becomes rare: the remembered walk falls short, the indexes answer as they would have, and the
    // search goes back to the probe.
    await t.database.db.execute(sql`update materials set status = 'archived' where title like 'Wombat crate %' and id % 10 <> 0`);
    const rare = await compare(query);
    expect(rare.via).toBe('index');
    expect(rare.count).toEqual({ total: 40, capped: false });
    expect(walksWithoutProbe(t.database, input, ctx)).toBe(false);
  });

  it('keeps "above 40 km" with words on the trigram path', async () => {
    const r = await compare({ q: 'pallet', proximity: 'above40' });
    expect(r.via).toBe('index');
    expect(r.rows.length).toBeGreaterThan(0);
  });
});
