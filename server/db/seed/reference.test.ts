import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  app_meta,
  countries,
  defra_factors,
  first_level_subcategories,
  material_groups,
  sdgs,
  second_level_subcategories,
  materials,
  subscription_plans,
  taxonomy_removals,
  third_level_subcategories,
} from '../../../drizzle/schema';
import { createCompany, createListing } from '../../test/factories';
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

  it('loads all Defra rows and gives every group its default mapping to a Defra material that is loaded (none for knowledge and space)', async () => {
    const [{ n }] = (await database.db.select({ n: count() }).from(defra_factors)) as [{ n: number }];
    // 205 material-use and waste-disposal factors from ../shared/data plus the HGV freight factor (shared/lib/transport.ts).
    expect(Number(n)).toBe(206);
    const [hgv] = await database.db.select().from(defra_factors).where(eq(defra_factors.table_name, 'freighting_goods'));
    expect(hgv).toMatchObject({ material: 'All HGVs', route_or_source: 'Average laden', unit: 'km', kgco2e: 0.89061 });
    const materials = new Set((await database.db.selectDistinct({ m: defra_factors.material }).from(defra_factors)).map((r) => r.m));
    const groups = await database.db.select().from(material_groups);
    expect(groups.length).toBeGreaterThanOrEqual(20);
    for (const g of groups) {
      if (g.kind === 'material') expect(materials, g.name).toContain(g.defra_material);
      else expect(g, g.name).toMatchObject({ defra_material: null, basis: 'none' });
    }
    expect(groups.map((g) => g.name)).toEqual(
      expect.arrayContaining([
        'Food by-products',
        'Hazardous waste',
        'Industrial and logistics space',
        'Finance',
        'Legal',
        'HR',
        'Technology',
        'Engineering',
      ]),
    );
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
    await database.db
      .update(app_meta)
      .set({ value: { version: 'older' } })
      .where(eq(app_meta.key, REFERENCE_META_KEY));

    await seedReferenceData(database.db);

    expect(await snapshot()).toEqual(before);
  });

  it('moves the listings with a leaf the reference data moves back', async () => {
    const [leaf] = await database.db.select().from(third_level_subcategories).where(eq(third_level_subcategories.code, '150103'));
    const [home] = await database.db
      .select()
      .from(second_level_subcategories)
      .where(eq(second_level_subcategories.id, leaf!.second_level_subcategory_id));
    const [elsewhere] = await database.db.select().from(second_level_subcategories).where(eq(second_level_subcategories.code, '0201'));
    const [elsewhereL1] = await database.db
      .select()
      .from(first_level_subcategories)
      .where(eq(first_level_subcategories.id, elsewhere!.first_level_subcategory_id));
    await database.db
      .update(third_level_subcategories)
      .set({ second_level_subcategory_id: elsewhere!.id })
      .where(eq(third_level_subcategories.id, leaf!.id));
    const company = await createCompany(database.db);
    const listing = await createListing(database.db, company.id, {
      material_group_id: elsewhereL1!.material_group_id,
      first_level_subcategory_id: elsewhereL1!.id,
      second_level_subcategory_id: elsewhere!.id,
      third_level_subcategory_id: leaf!.id,
      material_group_code: '150103',
    });
    await database.db
      .update(app_meta)
      .set({ value: { version: 'older' } })
      .where(eq(app_meta.key, REFERENCE_META_KEY));
    await seedReferenceData(database.db);
    const [after] = await database.db.select().from(materials).where(eq(materials.id, listing.id));
    const [homeL1] = await database.db
      .select()
      .from(first_level_subcategories)
      .where(eq(first_level_subcategories.id, home!.first_level_subcategory_id));
    expect(after).toMatchObject({
      second_level_subcategory_id: home!.id,
      first_level_subcategory_id: homeL1!.id,
      material_group_id: homeL1!.material_group_id,
      material_group_code: '150103',
    });
    await database.db.delete(materials).where(eq(materials.id, listing.id));
  });

  it('leaves what administrators changed, and does not bring back what they deleted or moved away', async () => {
    const db = database.db;
    const [leaf] = await db.select().from(third_level_subcategories).where(eq(third_level_subcategories.code, '020103'));
    await db
      .update(third_level_subcategories)
      .set({ name: 'Renamed by an administrator', customized_at: new Date() })
      .where(eq(third_level_subcategories.id, leaf!.id));
    const [wood] = await db.select().from(material_groups).where(eq(material_groups.slug, 'wood'));
    await db
      .update(material_groups)
      .set({ defra_material: 'Glass', customized_at: new Date(), mapping_customized_at: new Date() })
      .where(eq(material_groups.id, wood!.id));
    // An administrator's own mapping on a leaf, and one removed from a leaf the default table maps.
    await db
      .update(third_level_subcategories)
      .set({ defra_material: 'Wood', basis: 'disposal_only', counterfactual_route: 'Combustion', mapping_customized_at: new Date() })
      .where(eq(third_level_subcategories.code, '030105'));
    await db
      .update(third_level_subcategories)
      .set({ defra_material: null, basis: null, counterfactual_route: null, mapping_customized_at: new Date() })
      .where(eq(third_level_subcategories.code, '150103'));
    // Deleted: finance's "K-FIN-2" (with everything below it); moved away: legal's "K-LEG-1" now under HR.
    const [fin2] = await db.select().from(first_level_subcategories).where(eq(first_level_subcategories.code, 'K-FIN-2'));
    await db.delete(first_level_subcategories).where(eq(first_level_subcategories.id, fin2!.id));
    await db.insert(taxonomy_removals).values({ level: 1, key: 'finance|K-FIN-2' });
    const [leg1] = await db.select().from(first_level_subcategories).where(eq(first_level_subcategories.code, 'K-LEG-1'));
    const [hr] = await db.select().from(material_groups).where(eq(material_groups.slug, 'hr'));
    await db
      .update(first_level_subcategories)
      .set({ material_group_id: hr!.id, code: 'K-HR-9', customized_at: new Date() })
      .where(eq(first_level_subcategories.id, leg1!.id));
    await db.insert(taxonomy_removals).values({ level: 1, key: 'legal|K-LEG-1' });
    const before = await snapshot();

    await db
      .update(app_meta)
      .set({ value: { version: 'older' } })
      .where(eq(app_meta.key, REFERENCE_META_KEY));
    await seedReferenceData(db);

    expect(await snapshot()).toEqual(before);
    const [kept] = await db.select().from(third_level_subcategories).where(eq(third_level_subcategories.id, leaf!.id));
    expect(kept!.name).toBe('Renamed by an administrator');
    expect(await db.select().from(first_level_subcategories).where(eq(first_level_subcategories.code, 'K-FIN-2'))).toEqual([]);
    expect(await db.select().from(first_level_subcategories).where(eq(first_level_subcategories.code, 'K-LEG-1'))).toEqual([]);
  });

  it('writes the default impact mappings, and puts back one a node lost while no administrator had set it', async () => {
    const db = database.db;
    const leaf = async (code: string) => (await db.select().from(third_level_subcategories).where(eq(third_level_subcategories.code, code)))[0]!;
    expect(await leaf('200110')).toMatchObject({
      defra_material: 'Clothing',
      basis: 'like_for_like',
      counterfactual_route: 'Landfill',
      mapping_customized_at: null,
    });
    expect(await leaf('020704')).toMatchObject({ defra_material: null, basis: null, counterfactual_route: null });
    const [food] = await db.select().from(material_groups).where(eq(material_groups.slug, 'food-by-products'));
    expect(food).toMatchObject({ defra_material: 'Food and drink', basis: 'disposal_only', counterfactual_route: 'Anaerobic digestion' });
    const [woodMill] = await db
      .select({ basis: first_level_subcategories.basis, route: first_level_subcategories.counterfactual_route })
      .from(first_level_subcategories)
      .innerJoin(material_groups, eq(material_groups.id, first_level_subcategories.material_group_id))
      .where(and(eq(material_groups.slug, 'wood'), eq(first_level_subcategories.code, '03')));
    expect(woodMill).toEqual({ basis: 'disposal_only', route: 'Combustion' });

    // A mapping on a node the table does not list, not set by an administrator: the next seed takes it away.
    await db
      .update(third_level_subcategories)
      .set({ defra_material: 'Glass', basis: 'like_for_like', counterfactual_route: 'Landfill' })
      .where(eq(third_level_subcategories.code, '020704'));
    await db.update(third_level_subcategories).set({ basis: 'disposal_only' }).where(eq(third_level_subcategories.code, '200110'));
    await db
      .update(app_meta)
      .set({ value: { version: 'older' } })
      .where(eq(app_meta.key, REFERENCE_META_KEY));
    await seedReferenceData(db);
    expect(await leaf('020704')).toMatchObject({ defra_material: null, basis: null, counterfactual_route: null });
    expect(await leaf('200110')).toMatchObject({ basis: 'like_for_like' });
  });

  it('gives every group its code', async () => {
    const groups = await database.db.select({ slug: material_groups.slug, code: material_groups.code }).from(material_groups);
    expect(groups.every((g) => g.code !== null)).toBe(true);
    expect(groups.find((g) => g.slug === 'finance')?.code).toBe('K-FIN');
    expect(new Set(groups.map((g) => g.code)).size).toBe(groups.length);
  });
});
