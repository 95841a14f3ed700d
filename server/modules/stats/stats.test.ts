import { and, eq } from 'drizzle-orm';
import { parseString } from 'fast-csv';
import { describe, expect, it } from 'vitest';
import {
  audit_log,
  defra_factors,
  exchanges,
  first_level_subcategories,
  impact_records,
  material_groups,
  second_level_subcategories,
  third_level_subcategories,
} from '../../../drizzle/schema';
import { DEFRA_FACTOR_SET } from '../../../shared/lib/impact';
import { lastMonths, monthStart } from '../../../shared/lib/stats';
import { actorOf, createAdmin, createCompanyWithUsers, createListing } from '../../test/factories';
import { useTestContext } from '../../test/suite';
import { withWideCallers } from '../../test/wide';
import { pdfLines } from '../../test/pdf-text';
import { request, restAs } from '../../test/rest-client';
import { onPostgres } from '../../test/postgres';

const t = useTestContext();
const db = () => t.database.db;
const tag = () => Math.random().toString(36).slice(2, 7);

async function groupId(slug: string) {
  const [g] = await db().select({ id: material_groups.id }).from(material_groups).where(eq(material_groups.slug, slug));
  return g!.id;
}

/** EWC leaves of the cases below: used wooden pallets, steel beams from demolition. */
const PALLETS = '150103';
const STEEL = '170405';

/** A listing's whole taxonomy chain under a leaf code, as the listing editor stores it. */
async function chainOf(code: string) {
  const [row] = await db()
    .select({
      material_group_id: first_level_subcategories.material_group_id,
      first_level_subcategory_id: first_level_subcategories.id,
      second_level_subcategory_id: second_level_subcategories.id,
      third_level_subcategory_id: third_level_subcategories.id,
    })
    .from(third_level_subcategories)
    .innerJoin(second_level_subcategories, eq(second_level_subcategories.id, third_level_subcategories.second_level_subcategory_id))
    .innerJoin(first_level_subcategories, eq(first_level_subcategories.id, second_level_subcategories.first_level_subcategory_id))
    .where(eq(third_level_subcategories.code, code));
  return { ...row!, material_group_code: code };
}

type Company = Awaited<ReturnType<typeof createCompanyWithUsers>>;

/**
 * A synergy between two companies through the real offer flow, ended by the provider (successful unless said
 * otherwise) with earnings and savings: the provider's revenue and the requester's saving (decision 0085).
 */
async function endedSynergy(o: {
  provider?: Company;
  requester?: Company;
  group?: number | null;
  /** A leaf code: the listing sits under it with its whole chain (else only in `group`). */
  leaf?: string;
  quantity: number;
  category?: 'by-product' | 'knowledge';
  successful?: boolean;
  earnings?: number;
  savings?: number;
}) {
  const provider = o.provider ?? (await createCompanyWithUsers(db(), { name: `Provider ${tag()}`, preferred_currency: 'DKK' }));
  const requester = o.requester ?? (await createCompanyWithUsers(db(), { name: `Requester ${tag()}`, preferred_currency: 'DKK' }));
  const material = await createListing(db(), provider.company.id, {
    quantity: o.quantity,
    category: o.category ?? 'by-product',
    quantity_unit: o.category === 'knowledge' ? 'hours' : 'kg',
    ...(o.leaf ? await chainOf(o.leaf) : { material_group_id: o.group ?? null }),
  });
  const offer = await t.caller(requester.memberActor).offers.create({ material_id: material.id, quantity: o.quantity, message: 'Impact test' });
  const { exchange_id } = await t.caller(provider.managerActor).offers.review({ id: offer.id, decision: 'accept' });
  const ended = await t.caller(provider.managerActor).exchanges.end({
    id: exchange_id!,
    level_of_completion: 'COMPLETED',
    successful: o.successful ?? true,
    earnings: o.earnings,
    savings: o.savings,
  });
  return { provider, requester, id: exchange_id!, ended };
}

/** What a record of wooden pallets re-used like for like instead of landfilled says, wherever it is shown. */
const PALLETS_VIA_LANDFILL = {
  material_group: 'Wood',
  defra_material: 'Wood',
  basis: 'like_for_like',
  counterfactual_route: 'Landfill',
  basis_text: 'Like for like: the same material re-used as such, so its new production is avoided too',
  route_text: 'Would otherwise go to landfill',
  mapping: { level: 'third', code: '150103', name: 'Wooden packaging' },
  factor_set: DEFRA_FACTOR_SET,
  factor_version: '2023 v1.1',
  factor_set_label: 'DESNZ/Defra 2023 v1.1',
};

const recordOf = async (exchangeId: number) => (await db().select().from(impact_records).where(eq(impact_records.exchange_id, exchangeId)))[0];

/** The synergy's record as a company reads it: GET api/companies/{id}/impact-records. */
async function recordThroughRest(c: Company, exchangeId: number) {
  const res = await restAs(t, c.memberActor).get(`/api/companies/${c.company.id}/impact-records`);
  expect(res.status).toBe(200);
  return res.body.items.find((r: { exchange_id: number }) => r.exchange_id === exchangeId);
}

describe('impact records: hand-worked DESNZ/Defra 2023 v1.1 cases through REST (kg CO2e per tonne from ../shared/data)', () => {
  // PRODUCT.md: like_for_like = kg/1000 x [max(0, route - re-use disposal) + (primary production - re-used, else
  // closed-loop source)]; disposal_only = kg/1000 x max(0, route - re-use disposal). Defra 2023 publishes no
  // waste-disposal "Re-use" factor, so it is 0 below.
  it('wood pallets (15 01 03), 1,000 kg, like for like via landfill: (925.2445 - 0) + (312.61178 - 38.54288) = 1,199.3134 kg CO2e', async () => {
    const { id, provider, ended } = await endedSynergy({ leaf: PALLETS, quantity: 1000 });
    const r = await recordThroughRest(provider, id);
    expect(r).toMatchObject({ kg: 1000, hours: 0, ...PALLETS_VIA_LANDFILL });
    expect(Math.round(r.co2e_kg * 10) / 10).toBe(1199.3);
    expect(r.co2e_kg).toBeCloseTo(1199.3134, 4);
    expect(r.breakdown).toMatchObject({ route_factor: 925.2445, reuse_disposal: 0, primary_production: 312.61178, secondary_source: 38.54288 });
    expect(r.factors).toEqual([
      expect.objectContaining({
        table_name: 'waste_disposal',
        material: 'Wood',
        route_or_source: 'Landfill',
        kgco2e: 925.2445,
        source: expect.stringContaining('ID 20_500_5257_15_1'),
      }),
      expect.objectContaining({
        table_name: 'material_use',
        material: 'Wood',
        route_or_source: 'Primary material production',
        kgco2e: 312.61178,
        source: expect.stringContaining('ID 19_500_5048_15_1'),
      }),
      expect.objectContaining({
        table_name: 'material_use',
        material: 'Wood',
        route_or_source: 'Re-used',
        kgco2e: 38.54288,
        source: expect.stringContaining('ID 19_500_5049_15_1'),
      }),
    ]);
    expect((await recordOf(id))!.verification_code).toMatch(/^[0-9a-f-]{36}$/);
    expect(ended.impact).toMatchObject({ kg: 1000, factor_set: DEFRA_FACTOR_SET });
  });

  it('brewery residues under EWC 02 07 04, 1,000 kg: disposal only via anaerobic digestion = 8.91242 kg CO2e, no food production credit', async () => {
    const { id, provider } = await endedSynergy({ leaf: '020704', quantity: 1000 });
    const r = await recordThroughRest(provider, id);
    expect(r).toMatchObject({
      material_group: 'Food by-products',
      defra_material: 'Food and drink',
      basis: 'disposal_only',
      counterfactual_route: 'Anaerobic digestion',
      basis_text: 'Disposal avoided only: no like-for-like material',
      // Inherited: 02 07 04 has no mapping of its own, its group has.
      mapping: { level: 'group', name: 'Food by-products' },
    });
    expect(r.breakdown).toMatchObject({ disposal_material: 'Organic: food and drink waste', primary_production: 0, production_credit: 0 });
    expect(r.factors.map((f: { table_name: string }) => f.table_name)).toEqual(['waste_disposal']);
    expect(r.co2e_kg).toBeCloseTo(8.91242, 5);
  });

  it('processed textile fibres under EWC 04 02 22, 1,000 kg: disposal only via landfill = 496.68331 kg CO2e, not new clothing', async () => {
    const { id, provider } = await endedSynergy({ leaf: '040222', quantity: 1000 });
    const r = await recordThroughRest(provider, id);
    expect(r).toMatchObject({ defra_material: 'Clothing', basis: 'disposal_only', counterfactual_route: 'Landfill', mapping: { level: 'group' } });
    expect(r.co2e_kg).toBeCloseTo(496.68331, 5);
  });

  it('steel beams from demolition (17 04 05), 3,000 kg: scrap metal like for like by its second level, closed-loop source as no re-used factor: 6,174.13266', async () => {
    const { id, provider } = await endedSynergy({ leaf: STEEL, quantity: 3000 });
    const r = await recordThroughRest(provider, id);
    expect(r).toMatchObject({ defra_material: 'Metal: scrap metal', basis: 'like_for_like', mapping: { level: 'second', code: '1704' } });
    expect(r.breakdown).toMatchObject({ secondary_route: 'Closed-loop source', secondary_source: 1620.27606 });
    expect(r.co2e_kg).toBeCloseTo(3 * (8.88413 + (3669.43615 - 1620.27606)), 5);
  });

  it('a listing in a group only counts by the group: wood, 1,000 kg, disposal only = 925.2445', async () => {
    const { id } = await endedSynergy({ group: await groupId('wood'), quantity: 1000 });
    expect(await recordOf(id)).toMatchObject({ basis: 'disposal_only', counterfactual_route: 'Landfill', mapping: { level: 'group' } });
    expect((await recordOf(id))!.co2e_kg).toBeCloseTo(925.2445, 6);
  });

  it('an unmapped group, 1,500 kg: commercial and industrial waste, disposal only via landfill: 1.5 x 520.33474 = 780.50211', async () => {
    const [group] = await db()
      .insert(material_groups)
      .values({ name: `Unmapped ${tag()}`, slug: `unmapped-${tag()}`, kind: 'material', defra_material: null })
      .returning({ id: material_groups.id });
    const { id } = await endedSynergy({ group: group!.id, quantity: 1500 });
    const r = await recordOf(id);
    expect(r).toMatchObject({
      kg: 1500,
      defra_material: 'Commercial and industrial waste',
      basis: 'disposal_only',
      counterfactual_route: 'Landfill',
    });
    expect(r!.breakdown).toMatchObject({ method: 'disposal_only', primary_production: 0 });
    expect(r!.co2e_kg).toBeCloseTo(780.50211, 6);
  });

  it('knowledge, 40 hours: hours counted, no kilograms, no CO2e', async () => {
    const { id } = await endedSynergy({ group: await groupId('finance'), quantity: 40, category: 'knowledge' });
    expect(await recordOf(id)).toMatchObject({
      kg: 0,
      hours: 40,
      co2e_kg: 0,
      defra_material: null,
      basis: 'none',
      material_group: 'Finance',
      factors: [],
    });
  });

  it('a later change of the factor table changes no stored record or reported figure', async () => {
    const { id, provider } = await endedSynergy({ leaf: PALLETS, quantity: 1000 });
    const before = await recordOf(id);
    const statsBefore = await t.caller(provider.memberActor).stats.company({ id: provider.company.id });
    const landfill = and(
      eq(defra_factors.factor_set, DEFRA_FACTOR_SET),
      eq(defra_factors.table_name, 'waste_disposal'),
      eq(defra_factors.material, 'Wood'),
      eq(defra_factors.route_or_source, 'Landfill'),
    );
    try {
      await db().update(defra_factors).set({ kgco2e: 1 }).where(landfill);
      expect(await recordOf(id)).toEqual(before);
      expect(await t.caller(provider.memberActor).stats.company({ id: provider.company.id })).toEqual(statsBefore);
      // A synergy ended after the change is computed with what is in force then.
      const later = await endedSynergy({ leaf: PALLETS, quantity: 1000 });
      expect((await recordOf(later.id))!.co2e_kg).toBeCloseTo(1 + 312.61178 - 38.54288, 6);
    } finally {
      await db().update(defra_factors).set({ kgco2e: 925.2445 }).where(landfill);
    }
  });
});

describe('impact mappings: GET api/impact/method, PUT and DELETE admin/impact/mappings', () => {
  const leafId = async (code: string) => (await chainOf(code)).third_level_subcategory_id;

  it('publishes the factor set, the formula and every group’s mapping and each subcategory’s own, with its figure per tonne', async () => {
    const res = await request(t.app()).get('/api/impact/method');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ factor_set: DEFRA_FACTOR_SET, factor_version: '2023 v1.1', formula: expect.stringContaining('disposal_only') });
    const groups = await db().select({ id: material_groups.id }).from(material_groups);
    const mappings = res.body.mappings as { level: string; id: number; code: string | null; basis: string; kgco2e_per_tonne: number }[];
    expect(mappings.filter((m) => m.level === 'group')).toHaveLength(groups.length);
    expect(mappings.find((m) => m.level === 'third' && m.code === '150103')).toMatchObject({
      name: 'Wooden packaging',
      defra_material: 'Wood',
      basis: 'like_for_like',
      counterfactual_route: 'Landfill',
    });
    expect(mappings.find((m) => m.level === 'third' && m.code === '150103')!.kgco2e_per_tonne).toBeCloseTo(1199.3134, 4);
    expect(mappings.find((m) => m.level === 'first' && m.code === '03' && m.basis === 'disposal_only' && m.kgco2e_per_tonne < 22)).toBeDefined();
    // 02 07 04 inherits: it is not listed on its own.
    expect(mappings.find((m) => m.code === '020704')).toBeUndefined();
    expect(mappings.find((m) => m.level === 'group' && m.code === 'K-FIN')).toMatchObject({
      basis: 'none',
      defra_material: null,
      kgco2e_per_tonne: 0,
    });
  });

  it('an administrator’s mapping change leaves stored records as they were; synergies ended later use the new mapping', async () => {
    const { adminActor } = await createAdmin(db());
    const admin = restAs(t, adminActor);
    const pallets = await leafId(PALLETS);
    const first = await endedSynergy({ leaf: PALLETS, quantity: 1000 });
    const stored = await recordOf(first.id);
    const statsBefore = await t.caller(first.provider.memberActor).stats.company({ id: first.provider.company.id });
    const certificateBefore = (await request(t.app()).get(`/api/verify/impact/${stored!.verification_code}`)).body;
    try {
      const put = await admin.put('/admin/impact/mappings').send({
        level: 'third',
        id: pallets,
        defra_material: 'Wood',
        basis: 'disposal_only',
        counterfactual_route: 'Combustion',
      });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({
        level: 'third',
        id: pallets,
        own: { defra_material: 'Wood', basis: 'disposal_only', counterfactual_route: 'Combustion' },
        effective: { basis: 'disposal_only', counterfactual_route: 'Combustion', from: { level: 'third', id: pallets } },
        customized: true,
      });
      expect(put.body.effective.kgco2e_per_tonne).toBeCloseTo(21.28081, 5);
      expect(await recordOf(first.id)).toEqual(stored);
      expect(await t.caller(first.provider.memberActor).stats.company({ id: first.provider.company.id })).toEqual(statsBefore);
      expect((await request(t.app()).get(`/api/verify/impact/${stored!.verification_code}`)).body).toEqual(certificateBefore);
      const [entry] = await db()
        .select()
        .from(audit_log)
        .where(and(eq(audit_log.action, 'impact_mapping.set'), eq(audit_log.entity_id, pallets)));
      expect(entry).toMatchObject({
        entity: 'impact_mapping',
        actor_user_id: adminActor.kind === 'user' ? adminActor.user_id : null,
        before: { basis: 'like_for_like', counterfactual_route: 'Landfill' },
        after: { basis: 'disposal_only', counterfactual_route: 'Combustion' },
      });

      const later = await endedSynergy({ leaf: PALLETS, quantity: 1000 });
      expect(await recordOf(later.id)).toMatchObject({
        basis: 'disposal_only',
        counterfactual_route: 'Combustion',
        mapping: { level: 'third', id: pallets },
      });
      expect((await recordOf(later.id))!.co2e_kg).toBeCloseTo(21.28081, 5);

      // Removed, the leaf inherits its group's mapping again (wood: disposal only via landfill).
      const del = await admin.delete(`/admin/impact/mappings/third/${pallets}`);
      expect(del.status).toBe(200);
      expect(del.body).toMatchObject({
        own: null,
        effective: { basis: 'disposal_only', counterfactual_route: 'Landfill', from: { level: 'group' } },
      });
      const inherited = await endedSynergy({ leaf: PALLETS, quantity: 1000 });
      expect((await recordOf(inherited.id))!.co2e_kg).toBeCloseTo(925.2445, 6);
      expect(await recordOf(first.id)).toEqual(stored);
      const removed = await db()
        .select()
        .from(audit_log)
        .where(and(eq(audit_log.action, 'impact_mapping.delete'), eq(audit_log.entity_id, pallets)));
      expect(removed).toHaveLength(1);
    } finally {
      await admin
        .put('/admin/impact/mappings')
        .send({ level: 'third', id: pallets, defra_material: 'Wood', basis: 'like_for_like', counterfactual_route: 'Landfill' });
    }
  });

  it('refuses an unknown Defra material or route (400), an unknown id (404), a non-administrator (403) and no token (401), changing nothing', async () => {
    const { adminActor } = await createAdmin(db());
    const admin = restAs(t, adminActor);
    const leaf = await leafId('020704');
    const valid = { level: 'third', id: leaf, defra_material: 'Food and drink', basis: 'disposal_only', counterfactual_route: 'Composting' };
    const before = await db().select().from(third_level_subcategories).where(eq(third_level_subcategories.id, leaf));

    const moon = await admin.put('/admin/impact/mappings').send({ ...valid, defra_material: 'Moon rock' });
    expect([moon.status, moon.body.error.field_codes.defra_material.code]).toEqual([400, 'impact.unknownDefraMaterial']);
    const route = await admin.put('/admin/impact/mappings').send({ ...valid, counterfactual_route: 'Teleport' });
    expect([route.status, route.body.error.field_codes.counterfactual_route.code]).toEqual([400, 'impact.unknownRoute']);
    const unpublished = await admin
      .put('/admin/impact/mappings')
      .send({ ...valid, defra_material: 'Glass', counterfactual_route: 'Anaerobic digestion' });
    expect(unpublished.status).toBe(400);
    expect(unpublished.body.error.fields.counterfactual_route).toBe('DESNZ/Defra 2023 publishes no Anaerobic digestion factor for Glass');
    const knowledge = await admin.put('/admin/impact/mappings').send({ ...valid, level: 'group', id: await groupId('finance') });
    expect([knowledge.status, knowledge.body.error.field_codes.basis.code]).toEqual([400, 'impact.noCo2eForKind']);
    expect((await admin.put('/admin/impact/mappings').send({ ...valid, id: 2_000_000_000 })).status).toBe(404);
    expect((await admin.delete('/admin/impact/mappings/third/2000000000')).status).toBe(404);
    const group = await admin.delete(`/admin/impact/mappings/group/${await groupId('wood')}`);
    expect([group.status, group.body.error.field_codes.level.code]).toEqual([400, 'impact.groupKeepsMapping']);
    expect((await admin.delete(`/admin/impact/mappings/fourth/${leaf}`)).status).toBe(400);

    const company = await createCompanyWithUsers(db());
    expect((await restAs(t, company.managerActor).put('/admin/impact/mappings').send(valid)).status).toBe(403);
    expect((await request(t.app()).put('/admin/impact/mappings').send(valid)).status).toBe(401);
    expect((await request(t.app()).delete(`/admin/impact/mappings/third/${leaf}`)).status).toBe(401);
    expect(await db().select().from(third_level_subcategories).where(eq(third_level_subcategories.id, leaf))).toEqual(before);
  });

  it.skipIf(!onPostgres)(
    'takes 40 concurrent mapping changes of one node one after another: each audit entry names the mapping it replaced (real Postgres)',
    async () => {
      const { adminActor } = await createAdmin(db());
      const leaf = await leafId('200110');
      const routes = ['Landfill', 'Combustion', 'Closed-loop'] as const;
      try {
        await withWideCallers(t, 20, 'race', async (wide) => {
          const caller = wide.as(adminActor);
          const results = await Promise.allSettled(
            Array.from({ length: 40 }, (_, i) =>
              caller.stats.admin.setMapping({
                level: 'third',
                id: leaf,
                defra_material: 'Clothing',
                basis: 'disposal_only',
                counterfactual_route: routes[i % 3],
              }),
            ),
          );
          expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
          const entries = await db()
            .select()
            .from(audit_log)
            .where(and(eq(audit_log.action, 'impact_mapping.set'), eq(audit_log.entity_id, leaf)))
            .orderBy(audit_log.id);
          expect(entries).toHaveLength(40);
          // Replayed in commit order, each entry starts from the state the previous one left.
          let state: Record<string, unknown> = { defra_material: 'Clothing', basis: 'like_for_like', counterfactual_route: 'Landfill' };
          for (const e of entries) {
            expect({ ...state, ...e.before }).toEqual(state);
            state = { ...state, ...e.after };
            delete state.level;
            delete state.code;
          }
          const [row] = await db().select().from(third_level_subcategories).where(eq(third_level_subcategories.id, leaf));
          expect({ defra_material: row!.defra_material, basis: row!.basis, counterfactual_route: row!.counterfactual_route }).toEqual(state);
        });
      } finally {
        await t.caller(adminActor).stats.admin.setMapping({
          level: 'third',
          id: leaf,
          defra_material: 'Clothing',
          basis: 'like_for_like',
          counterfactual_route: 'Landfill',
        });
      }
    },
    120_000,
  );

  it('lets a subcategory under a group carry its own mapping, which its children then inherit', async () => {
    const { adminActor } = await createAdmin(db());
    const chain = await chainOf('020704');
    const caller = t.caller(adminActor);
    try {
      await caller.stats.admin.setMapping({
        level: 'second',
        id: chain.second_level_subcategory_id,
        defra_material: 'Food and drink',
        basis: 'disposal_only',
        counterfactual_route: 'Composting',
      });
      const level = await caller.stats.admin.mappings({ level: 'third', parent_id: chain.second_level_subcategory_id });
      expect(level.parent).toMatchObject({ own: { counterfactual_route: 'Composting' } });
      expect(level.items.find((n) => n.code === '020704')).toMatchObject({
        own: null,
        effective: { counterfactual_route: 'Composting', from: { level: 'second', id: chain.second_level_subcategory_id } },
      });
      // Found by its Danish name as well: the material group "Food by-products".
      const danish = await caller.stats.admin.searchMappings({ q: 'fødevarebiprodukter' });
      expect(danish.items.map((i) => i.path.length === 0 && i.code)).toContain('M-FOOD');
      const found = await caller.stats.admin.searchMappings({ q: '020704' });
      expect(found.items[0]).toMatchObject({
        code: '020704',
        effective: { counterfactual_route: 'Composting' },
        path: [{ level: 'group' }, { level: 'first' }, { level: 'second' }],
      });
    } finally {
      await caller.stats.admin.deleteMapping({ level: 'second', id: chain.second_level_subcategory_id });
    }
  });
});

/** Moves a synergy's end into the month `offset` months from now (0: this month), one hour after it starts. */
async function endIn(exchangeId: number, offset: number) {
  await db()
    .update(exchanges)
    .set({ completed_at: new Date(monthStart(new Date(), offset).getTime() + 3_600_000) })
    .where(eq(exchanges.id, exchangeId));
}

describe('GET api/companies/{id}/stats', () => {
  it('a completed successful synergy of 1,000 kg of wood shows 1,000 kg and about 1,199 kg CO2e on both companies’ stats', async () => {
    const { provider, requester } = await endedSynergy({ leaf: PALLETS, quantity: 1000, earnings: 250, savings: 80 });
    for (const [c, money] of [
      [provider, { revenue_made: 250, money_saved: 0 }],
      [requester, { revenue_made: 0, money_saved: 80 }],
    ] as const) {
      const res = await restAs(t, c.memberActor).get(`/api/companies/${c.company.id}/stats`);
      expect(res.status).toBe(200);
      expect(res.body.periods).toHaveLength(4);
      const current = res.body.periods[3];
      expect(current).toMatchObject({ month: new Date().toISOString().slice(0, 7), kgs: 1000, hours: 0, completed_synergies: 1, ...money });
      expect(current.co2e_kg).toBeCloseTo(1199.31, 2);
      expect(Math.round(current.co2e_kg)).toBe(1199);
    }
  });

  it('pads four calendar months with zeros, oldest first, and gives each change against the month before (null after a zero month)', async () => {
    const wood = PALLETS;
    const provider = await createCompanyWithUsers(db(), { name: `Pad ${tag()}`, preferred_currency: 'DKK' });
    const requester = await createCompanyWithUsers(db(), { name: `Pad buyer ${tag()}`, preferred_currency: 'DKK' });
    const plan: [offset: number, kg: number, successful: boolean][] = [
      [-4, 1000, true], // the month before the oldest shown: only its change uses it
      [-3, 2000, true],
      // -2: nothing
      [-1, 1000, true],
      [0, 1000, true],
      [0, 500, false],
    ];
    for (const [offset, kg, successful] of plan) {
      const { id } = await endedSynergy({ provider, requester, leaf: wood, quantity: kg, successful, earnings: kg / 10, savings: kg / 20 });
      await endIn(id, offset);
    }
    const { periods, currency } = await t.caller(provider.managerActor).stats.company({ id: provider.company.id });
    expect(currency).toBe('DKK');
    expect(periods.map((p) => p.month)).toEqual(lastMonths(new Date(), 4));
    expect(periods.map((p) => [p.kgs, p.kgs_change_percent])).toEqual([
      [2000, 100], // 1,000 -> 2,000
      [0, -100], // 2,000 -> 0
      [1000, null], // 0 -> 1,000: no base
      [1000, 0],
    ]);
    expect(periods.map((p) => [p.completed_synergies, p.completed_synergies_change_percent])).toEqual([
      [1, 0],
      [0, -100],
      [1, null],
      [2, 100], // the unsuccessful one counts as completed, with no kilograms
    ]);
    // 1,199.3134 kg CO2e per tonne of wood.
    expect(periods.map((p) => p.co2e_kg)).toEqual([2398.63, 0, 1199.31, 1199.31]);
    expect(periods[0]!.co2e_kg_change_percent).toBe(100);
    // Revenue: the provider's earnings (kg / 10), including the unsuccessful synergy's 50.
    expect(periods.map((p) => [p.revenue_made, p.money_saved])).toEqual([
      [200, 0],
      [0, 0],
      [100, 0],
      [150, 0],
    ]);
    expect(periods[3]!.revenue_made_change_percent).toBe(50);
    const buyer = await t.caller(requester.memberActor).stats.company({ id: requester.company.id });
    expect(buyer.periods.map((p) => [p.kgs, p.money_saved, p.revenue_made])).toEqual([
      [2000, 100, 0],
      [0, 0, 0],
      [1000, 50, 0],
      [1000, 75, 0],
    ]);
  });

  it('keeps money recorded in another currency apart instead of adding it in', async () => {
    const provider = await createCompanyWithUsers(db(), { name: `Euro ${tag()}`, preferred_currency: 'EUR' });
    const requester = await createCompanyWithUsers(db(), { name: `Krone ${tag()}`, preferred_currency: 'DKK' });
    // The provider ends it, so the amounts are in EUR (decision 0050); the requester reports in DKK.
    await endedSynergy({ provider, requester, leaf: PALLETS, quantity: 100, earnings: 30, savings: 12.5 });
    const res = await t.caller(requester.memberActor).stats.company({ id: requester.company.id });
    expect(res.currency).toBe('DKK');
    expect(res.periods[3]).toMatchObject({ money_saved: 0, kgs: 100, other_currencies: [{ currency: 'EUR', money_saved: 12.5, revenue_made: 0 }] });
  });

  it("answers another company's stats, records, export and certificates with 404 like a missing id; administrators read them", async () => {
    const { provider, requester, id } = await endedSynergy({ leaf: PALLETS, quantity: 10 });
    const stranger = await createCompanyWithUsers(db());
    const { adminActor } = await createAdmin(db());
    const as = restAs(t, stranger.managerActor);
    for (const url of [
      `/api/companies/${provider.company.id}/stats`,
      `/api/companies/${provider.company.id}/impact-records`,
      `/api/companies/${provider.company.id}/impact-export?format=csv`,
      `/api/companies/${provider.company.id}/impact-export?format=pdf`,
      `/api/exchanges/${id}/certificate`,
    ]) {
      const theirs = await as.get(url);
      const missing = await as.get(url.replace(String(url.includes('exchanges') ? id : provider.company.id), '2000000000'));
      expect([url, theirs.status, theirs.body.error?.code]).toEqual([url, 404, 'NOT_FOUND']);
      expect({ ...theirs.body.error, request_id: null }).toEqual({ ...missing.body.error, request_id: null });
    }
    const admin = restAs(t, adminActor);
    expect((await admin.get(`/api/companies/${requester.company.id}/stats`)).status).toBe(200);
    expect((await admin.get(`/api/exchanges/${id}/certificate`)).status).toBe(200);
    expect((await admin.get('/api/companies/2000000000/stats')).status).toBe(404);
    expect((await request(t.app()).get(`/api/companies/${provider.company.id}/stats`)).status).toBe(401);
  });
});

describe('impact certificate and its public verification', () => {
  it('gives each company of a successful synergy a PDF whose QR link opens a public page confirming the record without private data', async () => {
    const { provider, requester, id } = await endedSynergy({ leaf: PALLETS, quantity: 1000, earnings: 97531, savings: 86420 });
    const { verification_code: code } = (await recordOf(id))!;
    for (const c of [provider, requester]) {
      const res = await restAs(t, c.memberActor).get(`/api/exchanges/${id}/certificate?language=dk`).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`impact-certificate-${id}.pdf`);
      const pdf = Buffer.from(res.body as Buffer).toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      // The link under the QR code (link annotations are not compressed).
      expect(pdf).toContain(`/verify/impact/${code}`);
      // Basis and route beside the factors, in the reader's language (here Danish), and the factor set once.
      const lines = pdfLines(Buffer.from(res.body as Buffer));
      expect(lines).toEqual(expect.arrayContaining(['Grundlag', 'Kontrafaktisk rute', 'DESNZ/Defra 2023 v1.1']));
      expect(lines.join(' ')).toContain('Ens genbrug');
      expect(lines.join(' ')).toContain('deponi');
      expect(lines.join(' ')).not.toContain('(2023 v1.1)');
    }
    const page = await request(t.app()).get(`/api/verify/impact/${code}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      valid: true,
      code,
      providing_company: provider.company.name,
      receiving_company: requester.company.name,
      ...PALLETS_VIA_LANDFILL,
      kg: 1000,
      completed_on: new Date().toISOString().slice(0, 10),
    });
    expect(page.body.co2e_kg).toBeCloseTo(1199.31, 2);
    // The random code and company names, checked above, could hold a secret's digits by chance.
    const { code: _code, providing_company: _p, receiving_company: _r, ...rest } = page.body as Record<string, unknown>;
    const text = JSON.stringify(rest);
    for (const secret of ['97531', '86420', 'earnings', 'savings', 'Impact test', 'email', 'exchange_id', 'Listing '])
      expect(text).not.toContain(secret);
  });

  it('answers an unknown code with 404, a malformed one with 400, and a synergy without a record (unsuccessful) with 404', async () => {
    expect((await request(t.app()).get('/api/verify/impact/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await request(t.app()).get('/api/verify/impact/not-a-code')).status).toBe(400);
    const { provider, id } = await endedSynergy({ leaf: PALLETS, quantity: 10, successful: false });
    expect((await restAs(t, provider.memberActor).get(`/api/exchanges/${id}/certificate`)).status).toBe(404);
  });
});

const parseCsv = (text: string) =>
  new Promise<string[][]>((resolve, reject) => {
    const rows: string[][] = [];
    parseString(text)
      .on('data', (r: string[]) => rows.push(r))
      .on('end', () => resolve(rows))
      .on('error', reject);
  });

describe('GET api/companies/{id}/impact-export', () => {
  it('lists every impact record of the period with totals, each column headed with its GRI 306 / ESRS E5 disclosure', async () => {
    const wood = PALLETS;
    const me = await createCompanyWithUsers(db(), { name: `Exporter ${tag()}`, preferred_currency: 'EUR' });
    const a = await endedSynergy({ provider: me, leaf: wood, quantity: 1000 });
    const b = await endedSynergy({ requester: me, leaf: STEEL, quantity: 3000 });
    const old = await endedSynergy({ provider: me, leaf: wood, quantity: 7 });
    await endIn(old.id, -14);
    const today = new Date().toISOString().slice(0, 10);
    const from = monthStart(new Date(), -1).toISOString().slice(0, 10);
    const res = await restAs(t, me.memberActor).get(`/api/companies/${me.company.id}/impact-export?from=${from}&to=${today}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = await parseCsv(res.text);
    expect(header).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^kg_diverted_preparation_for_reuse \[GRI 306-4-b\(i\)\/306-4-c\(i\); ESRS E5-5 para 37\(b\)\(i\)\]$/),
        expect.stringMatching(/^kg_secondary_material_inflow \[ESRS E5-4 para 31\(c\)/),
        expect.stringMatching(/^ewc_code \[GRI 306-4-a composition; ESRS E5-5/),
        expect.stringMatching(/^co2e_avoided_kg \[/),
      ]),
    );
    const col = (name: string) => header!.findIndex((h) => h.startsWith(`${name} [`));
    expect(rows.map((r) => r[col('synergy_id')])).toEqual([String(a.id), String(b.id), 'TOTAL']);
    expect(rows[0]![col('role')]).toBe('provided');
    expect(rows[1]![col('role')]).toBe('received');
    const total = rows[2]!;
    expect(total[col('kg_diverted_preparation_for_reuse')]).toBe('1000');
    expect(total[col('kg_secondary_material_inflow')]).toBe('3000');
    // 1,199.3134 + 6,174.13266 = 7,373.44606
    expect(total[col('co2e_avoided_kg')]).toBe('7373.45');
    expect(rows[0]![col('verification_url')]).toMatch(/\/verify\/impact\/[0-9a-f-]{36}$/);
    expect([rows[0]![col('basis')], rows[0]![col('counterfactual_route')], rows[0]![col('factor_set')]]).toEqual([
      'like_for_like',
      'Landfill',
      'DESNZ/Defra 2023 v1.1',
    ]);

    const pdf = await restAs(t, me.memberActor).get(`/api/companies/${me.company.id}/impact-export?format=pdf`).buffer(true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(
      Buffer.from(pdf.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await restAs(t, me.memberActor).get(`/api/companies/${me.company.id}/impact-export?from=${today}&to=${from}`)).status).toBe(400);
  });
});

describe('the ESG export as PDF', () => {
  it('breaks no word or number across lines, and names the factor set once as "DESNZ/Defra 2023 v1.1"', async () => {
    const me = await createCompanyWithUsers(db(), {
      name: `Kreislaufwirtschaftsgesellschaft Nordrhein-Westfalen ${tag()}`,
      preferred_currency: 'EUR',
    });
    const partner = await createCompanyWithUsers(db(), { name: `Österreichische Verpackungsrückgewinnungsgesellschaft ${tag()}` });
    const synergies = [
      await endedSynergy({ provider: me, requester: partner, leaf: PALLETS, quantity: 1234567 }),
      await endedSynergy({ provider: partner, requester: me, leaf: '020704', quantity: 98765 }),
      await endedSynergy({ provider: me, requester: partner, leaf: STEEL, quantity: 3000 }),
    ];
    const res = await restAs(t, me.memberActor).get(`/api/companies/${me.company.id}/impact-export?format=pdf`).buffer(true);
    expect(res.status).toBe(200);
    const lines = pdfLines(Buffer.from(res.body as Buffer));
    const drawn = new Set(lines.flatMap((l) => l.split(' ')));
    const csv = await parseCsv((await restAs(t, me.memberActor).get(`/api/companies/${me.company.id}/impact-export?format=csv`)).text);
    const [header, ...rows] = csv;
    const verification = header!.findIndex((h) => h.startsWith('verification_url ['));
    const words: string[] = [];
    for (const row of rows) {
      row.forEach((cell, i) => words.push(...(i === verification ? cell.slice(cell.lastIndexOf('/') + 1) : cell).split(/\s+/).filter(Boolean)));
    }
    for (const h of header!)
      words.push(...h.replace(/^(\w+) \[(.*)\]$/, (_, key: string, disclosure: string) => `${key.replaceAll('_', ' ')} ${disclosure}`).split(/\s+/));
    for (const w of words.map((x) => x.replace('verification url', 'verification code'))) {
      if (w === 'url') continue; // the PDF names the column "verification code"
      expect(drawn.has(w), `"${w}" drawn whole`).toBe(true);
    }
    for (const s of synergies) expect(drawn.has((await recordOf(s.id))!.verification_code)).toBe(true);
    expect(lines.filter((l) => l.includes('DESNZ/Defra 2023 v1.1')).length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('(2023 v1.1)');
    expect(lines.join('\n')).not.toContain('GHG Conversion Factors 2023 v1.1');
  });
});

describe('portfolio companies and platform totals', () => {
  it("shows a parent company's users its portfolio companies with each one's impact and a combined total counting each synergy once", async () => {
    const parent = await createCompanyWithUsers(db(), { name: `Group ${tag()}`, is_parent_company: true });
    const one = await createCompanyWithUsers(db(), { name: `A portfolio ${tag()}`, parent_company_id: parent.company.id });
    const two = await createCompanyWithUsers(db(), { name: `B portfolio ${tag()}`, parent_company_id: parent.company.id });
    const wood = PALLETS;
    await endedSynergy({ provider: one, requester: two, leaf: wood, quantity: 1000 }); // inside the group: once in the total
    await endedSynergy({ provider: two, leaf: wood, quantity: 500 });
    const { items, total } = await t.caller(parent.memberActor).stats.portfolio();
    expect(items.map((i) => [i.id, i.successful_synergies, i.kgs])).toEqual([
      [one.company.id, 1, 1000],
      [two.company.id, 2, 1500],
    ]);
    expect(total).toMatchObject({ successful_synergies: 2, kgs: 1500 });
    expect(total.co2e_kg).toBeCloseTo(1.5 * 1199.3134, 2);
    await expect(t.caller(one.managerActor).stats.portfolio()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('counts a synergy once in the platform totals and the landing page, though both companies count it', async () => {
    const { adminActor } = await createAdmin(db());
    const before = await t.caller(adminActor).stats.admin.platform();
    const landingBefore = await t.caller().common.landingStats();
    await endedSynergy({ leaf: PALLETS, quantity: 1000 });
    const after = await t.caller(adminActor).stats.admin.platform();
    expect(after.successful_synergies - before.successful_synergies).toBe(1);
    expect(after.kgs - before.kgs).toBe(1000);
    expect(after.co2e_kg - before.co2e_kg).toBeCloseTo(1199.31, 1);
    expect((await t.caller().common.landingStats()).synergies - landingBefore.synergies).toBe(1);
    await expect(t.caller(actorOf((await createCompanyWithUsers(db())).manager)).stats.admin.platform()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
