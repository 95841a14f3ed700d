import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { request } from '../../test/rest-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { company_subscriptions, jobs, subscription_history, subscription_plans } from '../../../drizzle/schema';
import { addDays, isoDate } from '../../../shared/lib/subscription';
import { openPostgres } from '../../db/client';
import { EXPIRE_SUBSCRIPTIONS, jobHandlers, RECURRING_JOBS } from '../../jobs';
import { enqueue, startQueue } from '../../jobs/queue';
import { createCompanyWithUsers } from '../../test/factories';
import { expireSubscriptions } from './service';
import { onPostgres } from '../../test/postgres';
import { useAuthHeader, useTestWorld } from '../../test/suite';

const { t, admin } = useTestWorld();
const auth = useAuthHeader(t, () => admin.admin);
let builtin: { initial: number; extension: number };
const today = isoDate(new Date());

beforeAll(async () => {
  const plans = await t.database.db.select().from(subscription_plans).where(eq(subscription_plans.is_builtin, true));
  builtin = { initial: plans.find((p) => p.kind === 'initial')!.id, extension: plans.find((p) => p.kind === 'extension')!.id };
});

const api = () => request(t.app());

describe('admin/subscription-plans', () => {
  it('lists the built-in plans: initial 14 days and extension 166 days', async () => {
    const res = await api().get('/admin/subscription-plans').set(auth);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'initial', duration_days: 14, is_builtin: true, description: 'Malaysia freemium' }),
        expect.objectContaining({ kind: 'extension', duration_days: 166, is_builtin: true }),
      ]),
    );
  });

  it('creates a custom plan with both dates, end after start; reads, updates and deletes it', async () => {
    const missing = await api().post('/admin/subscription-plans').set(auth).send({ name: 'Pilot', start_date: '2026-01-01' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.end_date).toBe('This field is required');
    const backwards = await api()
      .post('/admin/subscription-plans')
      .set(auth)
      .send({ name: 'Pilot', start_date: '2026-02-01', end_date: '2026-01-01' });
    expect(backwards.body.error.fields.end_date).toBe('The end date must be after the start date');

    const created = await api()
      .post('/admin/subscription-plans')
      .set(auth)
      .send({ name: 'Pilot 2026', start_date: '2026-01-01', end_date: '2026-12-31', description_title: 'Pilot' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'custom', is_builtin: false, is_active: true, start_date: '2026-01-01', end_date: '2026-12-31' });
    const id = created.body.id;
    expect((await api().get(`/admin/subscription-plans/${id}`).set(auth)).body.name).toBe('Pilot 2026');

    const bad = await api().put(`/admin/subscription-plans/${id}`).set(auth).send({ end_date: '2025-12-01' });
    expect(bad.status).toBe(400);
    const updated = await api().put(`/admin/subscription-plans/${id}`).set(auth).send({ name: 'Pilot', is_active: false });
    expect(updated.body).toMatchObject({ name: 'Pilot', is_active: false });
    const active = await api().get('/admin/subscription-plans/active').set(auth);
    expect(active.body.items.map((p: { id: number }) => p.id)).not.toContain(id);

    expect((await api().delete(`/admin/subscription-plans/${id}`).set(auth)).status).toBe(200);
    expect((await api().get(`/admin/subscription-plans/${id}`).set(auth)).status).toBe(404);
  });

  it('refuses to delete a built-in plan or one in use with 409, and to set dates on a built-in plan', async () => {
    const res = await api().delete(`/admin/subscription-plans/${builtin.initial}`).set(auth);
    expect(res.status).toBe(409);
    const plan = await api()
      .post('/admin/subscription-plans')
      .set(auth)
      .send({ name: 'Used', start_date: addDays(today, -1), end_date: addDays(today, 60) });
    const { company } = await createCompanyWithUsers(t.database.db);
    await api()
      .post(`/admin/companies/${company.id}/assign-subscription-plan`)
      .set(auth)
      .send({ subscription_plan_id: plan.body.id, mode: 'start_now' });
    expect((await api().delete(`/admin/subscription-plans/${plan.body.id}`).set(auth)).status).toBe(409);
    expect((await api().put(`/admin/subscription-plans/${builtin.initial}`).set(auth).send({ start_date: '2026-01-01' })).status).toBe(400);
  });

  it('is for administrators only', async () => {
    const { manager } = await createCompanyWithUsers(t.database.db);
    const token = t.deps.tokens.signUser({ sub: String(manager.id), role: 'MANAGER', company_id: manager.company_id, tv: 0 }, 60);
    expect((await api().get('/admin/subscription-plans').set('Authorization', `Bearer ${token}`)).status).toBe(403);
    expect((await api().get('/admin/subscription-plans')).status).toBe(401);
  });
});

describe('assigning and extending', () => {
  it('follows the current plan (after_current), extends it, or replaces it (start_now), writing history each time', async () => {
    const { company, managerActor } = await createCompanyWithUsers(t.database.db);
    const assign = (mode: string, planId = builtin.initial) =>
      api().post(`/admin/companies/${company.id}/assign-subscription-plan`).set(auth).send({ subscription_plan_id: planId, mode });

    const first = await assign('after_current');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'expiring_soon', current: { activation_date: today, end_date: addDays(today, 14), days_left: 14 } });

    const queued = await assign('after_current', builtin.extension);
    expect(queued.body.upcoming).toEqual([
      expect.objectContaining({ activation_date: addDays(today, 15), end_date: addDays(today, 15 + 166), status: 'inactive' }),
    ]);

    const extended = await api().post(`/admin/companies/${company.id}/extend-subscription`).set(auth).send({ days: 10 });
    expect(extended.status).toBe(200);
    expect(extended.body.upcoming[0]).toMatchObject({ end_date: addDays(today, 15 + 166 + 10) });

    // start_now over a running plan AND a queued one cancels both (item 7: it used to cancel only the
    // queued plan and leave two live subscriptions).
    const replaced = await assign('start_now');
    expect(replaced.body).toMatchObject({ current: { activation_date: today, end_date: addDays(today, 14) }, upcoming: [] });
    const live = await t.database.db
      .select({ id: company_subscriptions.id })
      .from(company_subscriptions)
      .where(
        and(eq(company_subscriptions.company_id, company.id), isNull(company_subscriptions.cancelled_at), gte(company_subscriptions.end_date, today)),
      );
    expect(live).toHaveLength(1);

    const history = await api().get(`/admin/companies/${company.id}/subscription-history`).set(auth);
    expect(history.body.items.map((h: { action: string }) => h.action).reverse()).toEqual([
      'ACTIVATED',
      'RENEWED',
      'EXTENDED',
      'CANCELLED',
      'CANCELLED',
      'ACTIVATED',
    ]);
    expect(history.body.items[0]).toMatchObject({ plan_name: 'Initial plan', start_date: today, end_date: addDays(today, 14) });

    const mine = await t.caller(managerActor).subscriptions.mine();
    expect(mine).toMatchObject({ status: 'expiring_soon', current: { plan_name: 'Initial plan', end_date: addDays(today, 14) } });
  });

  it('extends by the 166-day extension when no days are given', async () => {
    const { company } = await createCompanyWithUsers(t.database.db);
    await api().post(`/admin/companies/${company.id}/assign-subscription-plan`).set(auth).send({ subscription_plan_id: builtin.initial });
    const res = await api().post(`/admin/companies/${company.id}/extend-subscription`).set(auth).send({});
    expect(res.body.current).toMatchObject({ end_date: addDays(today, 14 + 166), status: 'active' });
  });

  it('refuses an inactive plan, an unknown company and an unknown mode', async () => {
    const { company } = await createCompanyWithUsers(t.database.db);
    const plan = await api()
      .post('/admin/subscription-plans')
      .set(auth)
      .send({ name: 'Off', start_date: today, end_date: addDays(today, 5), is_active: false });
    expect(
      (await api().post(`/admin/companies/${company.id}/assign-subscription-plan`).set(auth).send({ subscription_plan_id: plan.body.id })).status,
    ).toBe(400);
    expect(
      (await api().post('/admin/companies/999999/assign-subscription-plan').set(auth).send({ subscription_plan_id: builtin.initial })).status,
    ).toBe(404);
    expect(
      (
        await api()
          .post(`/admin/companies/${company.id}/assign-subscription-plan`)
          .set(auth)
          .send({ subscription_plan_id: builtin.initial, mode: 'sometime' })
      ).status,
    ).toBe(400);
  });

  // Two administrators (or a double click) assigning at the same moment: each assignment must see the
  // other's result, so the company never ends up with two overlapping live subscriptions.
  it.runIf(onPostgres)('serialises concurrent assignments to one company (real Postgres)', async () => {
    const { company } = await createCompanyWithUsers(t.database.db);
    const assign = (mode: 'start_now' | 'after_current') =>
      api().post(`/admin/companies/${company.id}/assign-subscription-plan`).set(auth).send({ subscription_plan_id: builtin.initial, mode });
    const first = await Promise.all([assign('start_now'), assign('start_now'), assign('start_now')]);
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    const live = (await t.database.db.select().from(company_subscriptions).where(eq(company_subscriptions.company_id, company.id))).filter(
      (s) => !s.cancelled_at,
    );
    expect(live).toHaveLength(1);

    const renewals = await Promise.all([assign('after_current'), assign('after_current')]);
    expect(renewals.map((r) => r.status)).toEqual([200, 200]);
    const starts = (await t.database.db.select().from(company_subscriptions).where(eq(company_subscriptions.company_id, company.id)))
      .filter((s) => !s.cancelled_at)
      .map((s) => s.activation_date)
      .sort();
    expect(starts).toEqual([today, addDays(today, 15), addDays(today, 30)]);
  });

  it('shows a company without a plan as inactive', async () => {
    const { company, memberActor } = await createCompanyWithUsers(t.database.db);
    expect(await t.caller(memberActor).subscriptions.mine()).toEqual({ company_id: company.id, status: 'inactive', current: null, upcoming: [] });
    expect((await api().get(`/admin/companies/${company.id}/subscription`).set(auth)).body.status).toBe('inactive');
  });
});

describe('the expiry job', () => {
  async function endedSubscription() {
    const { company } = await createCompanyWithUsers(t.database.db);
    const [sub] = await t.database.db
      .insert(company_subscriptions)
      .values({ company_id: company.id, subscription_plan_id: builtin.initial, activation_date: addDays(today, -20), end_date: addDays(today, -1) })
      .returning();
    return { company, sub: sub! };
  }

  it('writes one EXPIRED row per ended subscription, however often it runs', async () => {
    const { company, sub } = await endedSubscription();
    await expireSubscriptions(t.database.db);
    await expireSubscriptions(t.database.db);
    const { id } = await enqueue(t.database.db, EXPIRE_SUBSCRIPTIONS, { period: new Date().toISOString() });
    await t.queue!.drain();
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ status: 'succeeded' });
    const rows = await t.database.db.select().from(subscription_history).where(eq(subscription_history.company_id, company.id));
    expect(rows).toEqual([expect.objectContaining({ action: 'EXPIRED', company_subscription_id: sub.id, end_date: addDays(today, -1) })]);
    const [after] = await t.database.db.select().from(company_subscriptions).where(eq(company_subscriptions.id, sub.id));
    expect(after!.expired_recorded_at).toBeInstanceOf(Date);
  });

  it('leaves running subscriptions alone', async () => {
    const { company } = await createCompanyWithUsers(t.database.db);
    await api().post(`/admin/companies/${company.id}/assign-subscription-plan`).set(auth).send({ subscription_plan_id: builtin.initial });
    await expireSubscriptions(t.database.db);
    const rows = await t.database.db.select().from(subscription_history).where(eq(subscription_history.company_id, company.id));
    expect(rows.map((r) => r.action)).toEqual(['ACTIVATED']);
  });

  it('the queue enqueues every recurring job at start, runs it, and stops cleanly', async () => {
    const { company } = await endedSubscription();
    const [{ before }] = (await t.database.db.select({ before: sql<number>`coalesce(max(${jobs.id}), 0)::int` }).from(jobs)) as [{ before: number }];
    const queue = await startQueue({
      db: t.database.db,
      pubsub: t.database.pubsub,
      logger: t.deps.logger,
      handlers: jobHandlers({ env: t.env, transport: null }),
      recurring: RECURRING_JOBS,
      pollMs: 60_000,
    });
    await queue.started;
    await queue.drain();
    await queue.stop();
    // The test context's own worker listens on the same database and may have claimed some of them: wait for it too.
    await t.queue!.drain();
    for (const r of RECURRING_JOBS) {
      const rows = await t.database.db
        .select({ status: jobs.status })
        .from(jobs)
        .where(and(eq(jobs.type, r.spec.type), gt(jobs.id, before)));
      expect(rows, r.spec.type).toEqual([{ status: 'succeeded' }]);
    }
    const rows = await t.database.db.select().from(subscription_history).where(eq(subscription_history.company_id, company.id));
    expect(rows.map((r) => r.action)).toEqual(['EXPIRED']);
  });

  it.runIf(onPostgres)('writes one EXPIRED row when two instances run the expiry at the same moment (real Postgres)', async () => {
    const { company } = await endedSubscription();
    const second = await openPostgres(t.database.url!, { max: 2 });
    try {
      const results = await Promise.all([
        t.database.db.transaction((tx) => expireSubscriptions(tx)),
        second.db.transaction((tx) => expireSubscriptions(tx)),
      ]);
      expect(results.reduce((n, r) => n + r.expired, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await second.close();
    }
    const rows = await t.database.db.select().from(subscription_history).where(eq(subscription_history.company_id, company.id));
    expect(rows.map((r) => r.action)).toEqual(['EXPIRED']);
  });
});
