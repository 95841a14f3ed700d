// The administrators' statistics: GET admin/exchanges/stats, admin/materials/stats,
// admin/total-recommendations-clicks and the registration stats, month by month over a period. The tests work in
// months of 2035, which nothing else touches, by moving the rows they create there.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  exchanges,
  material_groups,
  materials,
  offers,
  recommendation_clicks,
  recommendation_displays,
  registration_requests,
} from '../../../drizzle/schema';
import { resolveStatsPeriod } from '../../../shared/lib/stats';
import { createAdmin, createCompanyWithUsers, createListing } from '../../test/factories';
import { useRestAs, useTestWorld } from '../../test/suite';

const { t, admin } = useTestWorld();
const rest = useRestAs(t, () => admin.adminActor);
const db = () => t.database.db;
const at = (iso: string) => new Date(iso);

describe('resolveStatsPeriod', () => {
  it('defaults to the twelve months ending with this one, in UTC days', () => {
    const p = resolveStatsPeriod({}, at('2026-11-24T10:00:00Z'));
    expect(p).toMatchObject({ from: '2025-12-01', to: '2026-11-24' });
    expect(p.months).toHaveLength(12);
    expect(p.months[0]).toBe('2025-12');
    expect(p.end.toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });
});

describe('GET admin/exchanges/stats', () => {
  it('counts offers, synergies started and ended, success rate and stored impact per month, each synergy once', async () => {
    const [wood] = await db().select({ id: material_groups.id }).from(material_groups).where(eq(material_groups.slug, 'wood'));
    const provider = await createCompanyWithUsers(db());
    const requester = await createCompanyWithUsers(db());
    const synergy = async (quantity: number) => {
      const material = await createListing(db(), provider.company.id, { quantity, material_group_id: wood!.id });
      const offer = await t.caller(requester.memberActor).offers.create({ material_id: material.id, quantity, message: 'Stats' });
      const { exchange_id } = await t.caller(provider.managerActor).offers.review({ id: offer.id, decision: 'accept' });
      return { offer: offer.id, exchange: exchange_id! };
    };
    const a = await synergy(1000);
    const b = await synergy(400);
    const c = await synergy(50);
    await t.caller(provider.managerActor).exchanges.end({ id: a.exchange, level_of_completion: 'COMPLETED', successful: true });
    await t.caller(provider.managerActor).exchanges.end({ id: b.exchange, level_of_completion: 'COMPLETED', successful: false });
    // A: offered and started in January, ended in February; B: started February, ended March; C: started March.
    const move = async (x: { offer: number; exchange: number }, created: string, completed?: string) => {
      await db()
        .update(offers)
        .set({ created_at: at(created) })
        .where(eq(offers.id, x.offer));
      await db()
        .update(exchanges)
        .set({ created_at: at(created), ...(completed ? { completed_at: at(completed) } : {}) })
        .where(eq(exchanges.id, x.exchange));
    };
    await move(a, '2035-01-10T10:00:00Z', '2035-02-03T10:00:00Z');
    await move(b, '2035-02-10T10:00:00Z', '2035-03-31T23:30:00Z');
    await move(c, '2035-03-01T00:00:00Z');

    const res = await rest.get('/admin/exchanges/stats').query({ from: '2035-01-01', to: '2035-03-31' });
    expect(res.status).toBe(200);
    const [jan, feb, mar] = res.body.months;
    expect(res.body.months.map((m: { month: string }) => m.month)).toEqual(['2035-01', '2035-02', '2035-03']);
    expect(jan).toMatchObject({ offers: 1, synergies_started: 1, synergies_completed: 0, successful: 0, success_rate: null, kgs: 0 });
    expect(feb).toMatchObject({ offers: 1, synergies_started: 1, synergies_completed: 1, successful: 1, success_rate: 100, kgs: 1000 });
    expect(feb.co2e_kg).toBeGreaterThan(0);
    expect(mar).toMatchObject({ offers: 1, synergies_started: 1, synergies_completed: 1, successful: 0, success_rate: 0, kgs: 0, co2e_kg: 0 });
    expect(res.body.period).toMatchObject({
      offers: 3,
      synergies_started: 3,
      synergies_completed: 2,
      successful: 1,
      success_rate: 50,
      kgs: 1000,
      co2e_kg: feb.co2e_kg,
    });
    // All time is the platform totals: a synergy counted once although two companies took part in it.
    const platform = await t.caller((await createAdmin(db())).adminActor).stats.admin.platform();
    expect(res.body.all_time).toMatchObject({ successful: platform.successful_synergies, kgs: platform.kgs, co2e_kg: platform.co2e_kg });
    expect(res.body.all_time.synergies_started).toBeGreaterThanOrEqual(3);

    // One day of February only: the month is clipped to the period.
    const day = await rest.get('/admin/exchanges/stats').query({ from: '2035-02-03', to: '2035-02-03' });
    expect(day.body.months).toEqual([expect.objectContaining({ month: '2035-02', synergies_completed: 1, synergies_started: 0, offers: 0 })]);
  });

  it('refuses a period that ends before it starts or spans more than 60 months, on its field', async () => {
    const order = await rest.get('/admin/exchanges/stats').query({ from: '2035-03-01', to: '2035-01-01' });
    expect(order.status).toBe(400);
    expect(order.body.error.field_codes.to.code).toBe('stats.fromAfterTo');
    const long = await rest.get('/admin/exchanges/stats').query({ from: '2020-01-01', to: '2035-01-01' });
    expect(long.body.error.field_codes.from).toEqual({ code: 'stats.rangeTooLong', params: { months: 60 } });
    const bad = await rest.get('/admin/materials/stats').query({ from: 'yesterday' });
    expect(bad.body.error.field_codes.from).toBeDefined();
  });
});

describe('GET admin/materials/stats and admin/total-recommendations-clicks', () => {
  it('counts listings created per month by category, beside the current totals', async () => {
    const { company } = await createCompanyWithUsers(db());
    const rows = await Promise.all([
      createListing(db(), company.id, { category: 'waste' }),
      createListing(db(), company.id, { category: 'waste', kind: 'donation' }),
      createListing(db(), company.id, { category: 'knowledge' }),
    ]);
    await db()
      .update(materials)
      .set({ created_at: at('2035-05-20T12:00:00Z') })
      .where(
        inArray(
          materials.id,
          rows.map((r) => r.id),
        ),
      );
    const res = await rest.get('/admin/materials/stats').query({ from: '2035-04-01', to: '2035-05-31' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ by_category: expect.any(Object), by_status: expect.any(Object), total: expect.any(Number) });
    expect(res.body.months).toEqual([
      { month: '2035-04', by_category: { 'by-product': 0, surplus: 0, waste: 0, knowledge: 0 }, total: 0 },
      { month: '2035-05', by_category: { 'by-product': 0, surplus: 0, waste: 2, knowledge: 1 }, total: 3 },
    ]);
    expect(res.body.period).toMatchObject({ total: 3, by_kind: { offering: 2, donation: 1 } });
  });

  it('gives displays, clicks and the click-through rate per month, and total_clicks over all time', async () => {
    const { company, member } = await createCompanyWithUsers(db());
    const listing = await createListing(db(), company.id);
    const when = at('2035-07-15T09:00:00Z');
    await db()
      .insert(recommendation_displays)
      .values(Array.from({ length: 8 }, () => ({ user_id: member.id, company_id: company.id, material_id: listing.id, created_at: when })));
    await db()
      .insert(recommendation_clicks)
      .values([
        { user_id: member.id, company_id: company.id, material_id: listing.id, created_at: when },
        { user_id: member.id, company_id: company.id, material_id: listing.id, created_at: when },
      ]);
    const res = await rest.get('/admin/total-recommendations-clicks').query({ from: '2035-07-01', to: '2035-08-31' });
    expect(res.body.months).toEqual([
      { month: '2035-07', displays: 8, clicks: 2, click_through_rate: 25 },
      { month: '2035-08', displays: 0, clicks: 0, click_through_rate: null },
    ]);
    expect(res.body.period).toEqual({ displays: 8, clicks: 2, click_through_rate: 25 });
    expect(res.body.total_clicks).toBeGreaterThanOrEqual(2);
    const plain = await rest.get('/admin/total-recommendations-clicks');
    expect(plain.body.total_clicks).toBe(res.body.total_clicks);
  });

  it('counts registrations by month and status', async () => {
    const pending = await createCompanyWithUsers(db(), { status: 'pending' });
    const [req] = await db()
      .insert(registration_requests)
      .values({ company_id: pending.company.id, user_id: pending.manager.id, created_at: at('2035-09-02T08:00:00Z') })
      .returning();
    const res = await rest.get('/admin/temporary-accounts/stats').query({ start_date: '2035-09-01', end_date: '2035-09-30' });
    expect(res.body.by_month).toEqual([{ month: '2035-09', pending: 1, accepted: 0, rejected: 0, total: 1 }]);
    expect(req!.id).toBeGreaterThan(0);
  });
});
