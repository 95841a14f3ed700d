import { and, eq } from 'drizzle-orm';
import { parseString } from 'fast-csv';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defra_factors, exchanges, impact_records, material_groups } from '../../../drizzle/schema';
import { DEFRA_FACTOR_SET } from '../../../shared/lib/impact';
import { lastMonths, monthStart } from '../../../shared/lib/stats';
import { actorOf, createAdmin, createCompanyWithUsers, createListing } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { restAs } from '../../test/rest-client';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
const db = () => t.database.db;
const tag = () => Math.random().toString(36).slice(2, 7);

async function groupId(slug: string) {
  const [g] = await db().select({ id: material_groups.id }).from(material_groups).where(eq(material_groups.slug, slug));
  return g!.id;
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
    material_group_id: o.group ?? null,
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

const recordOf = async (exchangeId: number) => (await db().select().from(impact_records).where(eq(impact_records.exchange_id, exchangeId)))[0];

describe('impact records: hand-worked DESNZ/Defra 2023 v1.1 cases (kg CO2e per tonne from ../shared/data)', () => {
  // PRODUCT.md: kg/1000 x [(landfill - re-use disposal, 0 where unpublished) + (primary production - re-used,
  // else closed-loop source, else 0)]. Defra 2023 publishes no waste-disposal "Re-use" factor, so it is 0 below.
  it('wood, 1,000 kg: (925.2445 - 0) + (312.61178 - 38.54288) = 1,199.3134 kg CO2e, stored with the factors used', async () => {
    const { id, ended } = await endedSynergy({ group: await groupId('wood'), quantity: 1000 });
    const r = await recordOf(id);
    expect(r).toMatchObject({
      kg: 1000,
      hours: 0,
      material_group: 'Wood',
      defra_material: 'Wood',
      factor_set: DEFRA_FACTOR_SET,
      factor_version: '2023 v1.1',
    });
    expect(r!.co2e_kg).toBeCloseTo(1199.3134, 6);
    expect(r!.breakdown).toMatchObject({ landfill: 925.2445, reuse_disposal: 0, primary_production: 312.61178, secondary_source: 38.54288 });
    expect(r!.factors).toEqual([
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
    expect(r!.verification_code).toMatch(/^[0-9a-f-]{36}$/);
    expect(ended.impact).toMatchObject({ kg: 1000, factor_set: DEFRA_FACTOR_SET });
  });

  it('food by-products, 2,000 kg: Food and drink / Organic: food and drink waste, no re-used or closed-loop factor: 2 x (700.20988 + 3701.40359) = 8,803.22694', async () => {
    const { id } = await endedSynergy({ group: await groupId('food-by-products'), quantity: 2000 });
    const r = await recordOf(id);
    expect(r).toMatchObject({ kg: 2000, defra_material: 'Food and drink' });
    expect(r!.breakdown).toMatchObject({ disposal_material: 'Organic: food and drink waste', secondary_source: 0, secondary_route: null });
    expect(r!.co2e_kg).toBeCloseTo(2 * (700.20988 - 0 + (3701.40359 - 0)), 6);
    expect(r!.co2e_kg).toBeCloseTo(8803.22694, 5);
  });

  it('textiles, 500 kg: Clothing, re-used 152.25: 0.5 x (496.68331 + (22310 - 152.25)) = 11,327.216655', async () => {
    const { id } = await endedSynergy({ group: await groupId('textile-by-products'), quantity: 500 });
    const r = await recordOf(id);
    expect(r).toMatchObject({ kg: 500, defra_material: 'Clothing' });
    expect(r!.breakdown).toMatchObject({ secondary_route: 'Re-used' });
    expect(r!.co2e_kg).toBeCloseTo(11327.216655, 5);
  });

  it('metals, 3,000 kg: Metal: scrap metal, closed-loop source as no re-used factor: 3 x (8.88413 + (3669.43615 - 1620.27606)) = 6,174.13266', async () => {
    const { id } = await endedSynergy({ group: await groupId('metals'), quantity: 3000 });
    const r = await recordOf(id);
    expect(r).toMatchObject({ kg: 3000, defra_material: 'Metal: scrap metal' });
    expect(r!.breakdown).toMatchObject({ secondary_route: 'Closed-loop source', secondary_source: 1620.27606 });
    expect(r!.co2e_kg).toBeCloseTo(6174.13266, 5);
  });

  it('plastics, 250 kg: Plastics: average plastics: 0.25 x (8.88413 + (3102.44851 - 2322.22425)) = 197.2770975', async () => {
    const { id } = await endedSynergy({ group: await groupId('plastics-and-rubber'), quantity: 250 });
    const r = await recordOf(id);
    expect(r).toMatchObject({ kg: 250, defra_material: 'Plastics: average plastics' });
    expect(r!.co2e_kg).toBeCloseTo(197.2770975, 6);
  });

  it('an unmapped group, 1,500 kg: commercial and industrial waste, landfill part only: 1.5 x 520.33474 = 780.50211', async () => {
    const [group] = await db()
      .insert(material_groups)
      .values({ name: `Unmapped ${tag()}`, slug: `unmapped-${tag()}`, kind: 'material', defra_material: null })
      .returning({ id: material_groups.id });
    const { id } = await endedSynergy({ group: group!.id, quantity: 1500 });
    const r = await recordOf(id);
    expect(r).toMatchObject({ kg: 1500, defra_material: 'Commercial and industrial waste' });
    expect(r!.breakdown).toMatchObject({ method: 'landfill_only', primary_production: 0 });
    expect(r!.co2e_kg).toBeCloseTo(780.50211, 6);
  });

  it('knowledge, 40 hours: hours counted, no kilograms, no CO2e', async () => {
    const { id } = await endedSynergy({ group: await groupId('finance'), quantity: 40, category: 'knowledge' });
    expect(await recordOf(id)).toMatchObject({ kg: 0, hours: 40, co2e_kg: 0, defra_material: null, material_group: 'Finance', factors: [] });
  });

  it('a later change of the factor table or the group mapping changes no stored record or reported figure', async () => {
    const wood = await groupId('wood');
    const { id, provider } = await endedSynergy({ group: wood, quantity: 1000 });
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
      await db().update(material_groups).set({ defra_material: 'Glass' }).where(eq(material_groups.id, wood));
      expect(await recordOf(id)).toEqual(before);
      expect(await t.caller(provider.memberActor).stats.company({ id: provider.company.id })).toEqual(statsBefore);
      // A synergy ended after the change is computed with what is in force then: the records were not recomputed.
      const later = await endedSynergy({ group: wood, quantity: 1000 });
      expect((await recordOf(later.id))!.defra_material).toBe('Glass');
    } finally {
      await db().update(defra_factors).set({ kgco2e: 925.2445 }).where(landfill);
      await db().update(material_groups).set({ defra_material: 'Wood' }).where(eq(material_groups.id, wood));
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
    const { provider, requester } = await endedSynergy({ group: await groupId('wood'), quantity: 1000, earnings: 250, savings: 80 });
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
    const wood = await groupId('wood');
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
      const { id } = await endedSynergy({ provider, requester, group: wood, quantity: kg, successful, earnings: kg / 10, savings: kg / 20 });
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
    await endedSynergy({ provider, requester, group: await groupId('wood'), quantity: 100, earnings: 30, savings: 12.5 });
    const res = await t.caller(requester.memberActor).stats.company({ id: requester.company.id });
    expect(res.currency).toBe('DKK');
    expect(res.periods[3]).toMatchObject({ money_saved: 0, kgs: 100, other_currencies: [{ currency: 'EUR', money_saved: 12.5, revenue_made: 0 }] });
  });

  it("answers another company's stats, records, export and certificates with 404 like a missing id; administrators read them", async () => {
    const { provider, requester, id } = await endedSynergy({ group: await groupId('wood'), quantity: 10 });
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
    const { provider, requester, id } = await endedSynergy({ group: await groupId('wood'), quantity: 1000, earnings: 999, savings: 111 });
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
    }
    const page = await request(t.app()).get(`/api/verify/impact/${code}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      valid: true,
      code,
      providing_company: provider.company.name,
      receiving_company: requester.company.name,
      material_group: 'Wood',
      defra_material: 'Wood',
      kg: 1000,
      factor_set: DEFRA_FACTOR_SET,
      factor_version: '2023 v1.1',
      completed_on: new Date().toISOString().slice(0, 10),
    });
    expect(page.body.co2e_kg).toBeCloseTo(1199.31, 2);
    const text = JSON.stringify(page.body);
    for (const secret of ['999', '111', 'earnings', 'savings', 'Impact test', 'email', 'exchange_id', 'Listing ']) expect(text).not.toContain(secret);
  });

  it('answers an unknown code with 404, a malformed one with 400, and a synergy without a record (unsuccessful) with 404', async () => {
    expect((await request(t.app()).get('/api/verify/impact/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await request(t.app()).get('/api/verify/impact/not-a-code')).status).toBe(400);
    const { provider, id } = await endedSynergy({ group: await groupId('wood'), quantity: 10, successful: false });
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
    const wood = await groupId('wood');
    const me = await createCompanyWithUsers(db(), { name: `Exporter ${tag()}`, preferred_currency: 'EUR' });
    const a = await endedSynergy({ provider: me, group: wood, quantity: 1000 });
    const b = await endedSynergy({ requester: me, group: await groupId('metals'), quantity: 3000 });
    const old = await endedSynergy({ provider: me, group: wood, quantity: 7 });
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

describe('portfolio companies and platform totals', () => {
  it("shows a parent company's users its portfolio companies with each one's impact and a combined total counting each synergy once", async () => {
    const parent = await createCompanyWithUsers(db(), { name: `Group ${tag()}`, is_parent_company: true });
    const one = await createCompanyWithUsers(db(), { name: `A portfolio ${tag()}`, parent_company_id: parent.company.id });
    const two = await createCompanyWithUsers(db(), { name: `B portfolio ${tag()}`, parent_company_id: parent.company.id });
    const wood = await groupId('wood');
    await endedSynergy({ provider: one, requester: two, group: wood, quantity: 1000 }); // inside the group: once in the total
    await endedSynergy({ provider: two, group: wood, quantity: 500 });
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
    await endedSynergy({ group: await groupId('wood'), quantity: 1000 });
    const after = await t.caller(adminActor).stats.admin.platform();
    expect(after.successful_synergies - before.successful_synergies).toBe(1);
    expect(after.kgs - before.kgs).toBe(1000);
    expect(after.co2e_kg - before.co2e_kg).toBeCloseTo(1199.31, 1);
    expect((await t.caller().common.landingStats()).synergies - landingBefore.synergies).toBe(1);
    await expect(t.caller(actorOf((await createCompanyWithUsers(db())).manager)).stats.admin.platform()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
