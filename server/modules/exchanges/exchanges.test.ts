import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { impact_records, material_groups, notifications, reviews } from '../../../drizzle/schema';
import { createAdmin, createCompanyWithUsers, createListing, startSynergy } from '../../test/factories';
import { restAs } from '../../test/rest-client';
import { onPostgres } from '../../test/postgres';
import { useTestContext } from '../../test/suite';

const t = useTestContext();
const db = () => t.database.db;

/** A synergy in progress: 2000 of the provider's 5000 of spent grain. */
const synergy = (listing: Parameters<typeof createListing>[2] = {}) =>
  startSynergy(t, { listing: { title: 'Spent grain', ...listing }, quantity: 2000, message: 'Weekly', provider: { preferred_currency: 'DKK' } });

describe('synergies', () => {
  it('shows a synergy to its two companies and administrators, 404 to a third company on every path', async () => {
    const { provider, requester, id } = await synergy();
    const third = await createCompanyWithUsers(db());
    const { adminActor } = await createAdmin(db());
    const got = await restAs(t, requester.memberActor).get(`/api/exchanges/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id,
      status: 'in_progress',
      level_of_completion: 'IN_PROGRESS',
      successful: null,
      requesting_company: { id: requester.company.id },
      providing_company: { id: provider.company.id },
      quantity: 2000,
      quantity_unit: 'kg',
      request_message: 'Weekly',
      chat_id: expect.any(Number),
      side: 'requester',
      can_end: true,
      can_rate: false,
      read_only: false,
    });
    expect((await restAs(t, adminActor).get(`/api/exchanges/${id}`)).body).toMatchObject({ id, side: null, can_end: false });
    const asThird = restAs(t, third.memberActor);
    for (const res of [
      await asThird.get(`/api/exchanges/${id}`),
      await asThird.put(`/api/exchanges/${id}`).send({ level_of_completion: 'COMPLETED', successful: true }),
      await asThird.post(`/api/exchanges/${id}/feedback`).send({ rating: 5, review: 'x' }),
      await asThird.get(`/api/chats/${got.body.chat_id}`),
      await asThird.get(`/api/chats/${got.body.chat_id}/attachments`),
      await asThird.post(`/api/chats/${got.body.chat_id}/messages`).send({ message: 'hi' }),
      await asThird.put(`/api/chats/${got.body.chat_id}/seen`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    // An administrator reads but does not act.
    expect((await restAs(t, adminActor).put(`/api/exchanges/${id}`).send({ level_of_completion: 'COMPLETED', successful: true })).status).toBe(403);
    const list = await restAs(t, provider.memberActor).get('/api/exchanges?status=IN_PROGRESS');
    expect(list.body.items.map((x: { id: number }) => x.id)).toContain(id);
    expect((await restAs(t, third.memberActor).get('/api/exchanges')).body.total).toBe(0);
  });

  it('ends once with the successful flag, money in minor units, and records the impact once; the other company is notified', async () => {
    const [wood] = await db().select({ id: material_groups.id }).from(material_groups).where(eq(material_groups.slug, 'wood'));
    const { provider, requester, id } = await synergy({ material_group_id: wood!.id });
    const res = await restAs(t, provider.memberActor)
      .put(`/api/exchanges/${id}`)
      .send({ level_of_completion: 'COMPLETED', successful: true, earnings: 1250.5, savings: '300' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'successful',
      level_of_completion: 'COMPLETED',
      successful: true,
      earnings: 1250.5,
      earnings_minor: 125_050,
      savings_minor: 30_000,
      currency: 'DKK',
      read_only: true,
      can_end: false,
      can_rate: true,
      completed_at: expect.any(String),
    });
    expect(res.body.impact).toMatchObject({ kg: 2000, factor_set: expect.stringContaining('Defra') });
    expect(res.body.impact.co2e_kg).toBeGreaterThan(0);
    const again = await restAs(t, requester.memberActor).put(`/api/exchanges/${id}`).send({ level_of_completion: 'COMPLETED', successful: false });
    expect([again.status, again.body.error.message_code]).toEqual([409, 'exchange.alreadyCompleted']);
    expect(await db().select().from(impact_records).where(eq(impact_records.exchange_id, id))).toHaveLength(1);
    const notes = await db().select().from(notifications).where(eq(notifications.user_id, requester.manager.id)).orderBy(notifications.id);
    expect(notes.at(-1)).toMatchObject({
      code: 'notification.synergySucceeded',
      link: `/synergies?exchange=${id}`,
      params: { company: provider.company.name, title: 'Spent grain' },
    });
  });

  it('refuses bad end input with field codes: not COMPLETED, missing successful, negative or over-precise money', async () => {
    const { provider, id } = await synergy();
    const api = restAs(t, provider.memberActor);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ level_of_completion: 'IN_PROGRESS', successful: true }, 'level_of_completion', 'exchange.onlyCompleted'],
      [{ level_of_completion: 'COMPLETED' }, 'successful', 'field.required'],
      [{ level_of_completion: 'COMPLETED', successful: true, savings: -1 }, 'savings', 'exchange.moneyNegative'],
      [{ level_of_completion: 'COMPLETED', successful: true, earnings: 1.234 }, 'earnings', 'exchange.moneyInvalid'],
    ];
    for (const [body, field, code] of cases) {
      const res = await api.put(`/api/exchanges/${id}`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.field_codes[field].code).toBe(code);
    }
    expect((await api.get(`/api/exchanges/${id}`)).body.level_of_completion).toBe('IN_PROGRESS');
  });

  it('records no impact for an unsuccessful end', async () => {
    const { requester, id } = await synergy();
    const res = await restAs(t, requester.memberActor).put(`/api/exchanges/${id}`).send({ level_of_completion: 'COMPLETED', successful: false });
    expect(res.body).toMatchObject({ status: 'unsuccessful', impact: null, earnings: null, currency: null });
  });

  it('rates only after completion, once per company; the other company reviews include it with the average', async () => {
    const { provider, requester, id } = await synergy();
    const early = await restAs(t, requester.memberActor).post(`/api/exchanges/${id}/feedback`).send({ rating: 5, review: 'Great' });
    expect([early.status, early.body.error.message_code]).toEqual([409, 'exchange.notCompleted']);
    await restAs(t, provider.memberActor).put(`/api/exchanges/${id}`).send({ level_of_completion: 'COMPLETED', successful: true });
    const bad = await restAs(t, requester.memberActor).post(`/api/exchanges/${id}/feedback`).send({ rating: 6, review: '' });
    expect([bad.status, bad.body.error.field_codes.rating.code]).toEqual([400, 'exchange.ratingRange']);
    const rated = await restAs(t, requester.memberActor).post(`/api/exchanges/${id}/feedback`).send({ rating: 4, review: 'Clean and on time' });
    expect(rated.status).toBe(201);
    expect(rated.body).toMatchObject({ can_rate: false, ratings: [{ company_id: requester.company.id, rating: 4, review: 'Clean and on time' }] });
    const twice = await restAs(t, requester.managerActor).post(`/api/exchanges/${id}/feedback`).send({ rating: 1, review: 'Changed my mind' });
    expect([twice.status, twice.body.error.message_code]).toEqual([409, 'exchange.alreadyRated']);
    expect((await restAs(t, provider.memberActor).post(`/api/exchanges/${id}/feedback`).send({ rating: 2, review: 'Late' })).status).toBe(201);
    const page = await restAs(t, requester.memberActor).get(`/api/companies/${provider.company.id}/reviews?page=0&size=5`);
    expect(page.body).toMatchObject({ average_rating: 4, total: 1, totalPages: 1, currentPage: 0 });
    expect(page.body.items[0]).toMatchObject({
      rating: 4,
      review: 'Clean and on time',
      reviewer_company_id: requester.company.id,
      title: 'Spent grain',
    });
    expect(await db().select().from(reviews).where(eq(reviews.exchange_id, id))).toHaveLength(2);
  });

  it.skipIf(!onPostgres)('lets only one of ten concurrent ends through and keeps one impact record (real Postgres)', async () => {
    const { provider, requester, id } = await synergy();
    const calls = Array.from({ length: 10 }, (_, i) =>
      t.caller((i % 2 ? provider : requester).memberActor).exchanges.end({ id, level_of_completion: 'COMPLETED', successful: true, savings: i }),
    );
    const results = await Promise.allSettled(calls);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.cause?.code === 'CONFLICT')).toBe(true);
    expect(await db().select().from(impact_records).where(eq(impact_records.exchange_id, id))).toHaveLength(1);
  });
});
