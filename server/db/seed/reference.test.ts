import { asc, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  app_meta,
  countries,
  defra_factors,
  first_level_subcategories,
  material_groups,
  sdgs,
  second_level_subcategories,
  subscription_plans,
  third_level_subcategories,
} from '../../../drizzle/schema';
import { openPglite, type Database } from '../client';
import { EWC_ROWS, REFERENCE_META_KEY, seedReferenceData } from './reference';

let database: Database;

beforeAll(async () => {
  database = await openPglite(null);
  await database.migrate();
  await seedReferenceData(database.db);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

async function snapshot() {
  const db = database.db;
  return {
    countries: await db.select().from(countries).orderBy(asc(countries.code)),
    sdgs: await db.select().from(sdgs).orderBy(asc(sdgs.id)),
    groups: await db.select().from(material_groups).orderBy(asc(material_groups.id)),
    l1: await db.select().from(first_level_subcategories).orderBy(asc(first_level_subcategories.id)),
    l2: await db.select().from(second_level_subcategories).orderBy(asc(second_level_subcategories.id)),
    l3: await db.select().from(third_level_subcategories).orderBy(asc(third_level_subcategories.id)),
    defra: await db.select().from(defra_factors).orderBy(asc(defra_factors.id)),
    plans: await db.select().from(subscription_plans).orderBy(asc(subscription_plans.id)),
  };
}

describe('seedReferenceData', () => {
  it('seeds every EWC entry exactly once as a third-level subcategory, with its hazardous flag', async () => {
    const rows = await database.db
      .select({ code: third_level_subcategories.code, hazardous: third_level_subcategories.hazardous })
      .from(third_level_subcategories)
      .where(isNotNull(third_level_subcategories.code));
    const ewcLeaves = rows.filter((r) => /^\d{6}$/.test(r.code!));
    expect(ewcLeaves).toHaveLength(842);
    const byCode = new Map(ewcLeaves.map((r) => [r.code, r.hazardous]));
    expect(byCode.size).toBe(842);
    for (const e of EWC_ROWS.filter((r) => r.level === 3)) expect(byCode.get(e.code.replace(/ /g, '')), e.code).toBe(e.hazardous);
  });

  it('seeds the eight signup countries and keeps AU out of them', async () => {
    const signup = await database.db.select().from(countries).where(eq(countries.is_signup, true));
    expect(signup.map((c) => c.code).sort()).toEqual(['AE', 'DE', 'DK', 'GB', 'GR', 'IT', 'MY', 'RO']);
    expect(signup.find((c) => c.code === 'DK')).toMatchObject({ currency_code: 'DKK', currency_symbol: 'kr.', calling_code: '+45' });
    expect(signup.find((c) => c.code === 'MY')).toMatchObject({ currency_code: 'MYR', currency_symbol: 'RM', calling_code: '+60' });
    const [au] = await database.db.select().from(countries).where(eq(countries.code, 'AU'));
    expect(au?.is_signup).toBe(false);
  });

  it('seeds the 17 SDGs with codes and colours', async () => {
    const rows = await database.db.select().from(sdgs).orderBy(asc(sdgs.id));
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    expect(rows[12]).toMatchObject({ code: 'SDG13', name: 'Climate Action', color: '#3F7E44' });
    for (const r of rows) expect(r.color).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('loads all Defra rows and maps every material group to a Defra material that is loaded (none for knowledge and space)', async () => {
    const [{ n }] = (await database.db.select({ n: count() }).from(defra_factors)) as [{ n: number }];
    expect(Number(n)).toBe(205);
    const materials = new Set((await database.db.selectDistinct({ m: defra_factors.material }).from(defra_factors)).map((r) => r.m));
    const groups = await database.db.select().from(material_groups);
    expect(groups.length).toBeGreaterThanOrEqual(20);
    for (const g of groups) {
      if (g.kind === 'material') expect(materials, g.name).toContain(g.defra_material);
      else expect(g.defra_material, g.name).toBeNull();
    }
    expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(['Food by-products', 'Hazardous waste', 'Industrial and logistics space', 'Finance', 'Legal', 'HR', 'Technology', 'Engineering']));
  });

  it('creates the built-in initial and extension plans once', async () => {
    const plans = await database.db.select().from(subscription_plans).where(eq(subscription_plans.is_builtin, true));
    expect(plans).toHaveLength(2);
    expect(plans.find((p) => p.kind === 'initial')).toMatchObject({ name: 'Initial plan', duration_days: 14, description: 'Malaysia freemium' });
    expect(plans.find((p) => p.kind === 'extension')).toMatchObject({ name: 'Extension', duration_days: 166 });
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot();
    await seedReferenceData(database.db);
    expect(await snapshot()).toEqual(before);
  });

  it('re-syncs in place when the version marker changes, repairing moved leaves without new rows', async () => {
    const before = await snapshot();
    const [leaf] = await database.db.select().from(third_level_subcategories).where(eq(third_level_subcategories.code, '150103'));
    const [otherParent] = await database.db.select().from(second_level_subcategories).where(eq(second_level_subcategories.code, '0201'));
    await database.db
      .update(third_level_subcategories)
      .set({ name: 'renamed', second_level_subcategory_id: otherParent!.id })
      .where(eq(third_level_subcategories.id, leaf!.id));
    await database.db.update(app_meta).set({ value: { version: 'older' } }).where(eq(app_meta.key, REFERENCE_META_KEY));

    await seedReferenceData(database.db);

    expect(await snapshot()).toEqual(before);
  });
});
