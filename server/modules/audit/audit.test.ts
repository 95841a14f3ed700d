import { eq } from 'drizzle-orm';
import { request } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import { audit_log, bulk_upload_access_requests, subscription_plans } from '../../../drizzle/schema';
import type { AdminActor } from '../../lib/actor';
import { actorOf, createAdmin, createCompanyWithUsers } from '../../test/factories';
import { filledBeforeAll, useAuthHeader, useTestContext } from '../../test/suite';
import { auditValues, recordAudit } from './service';

const t = useTestContext();
const admin = filledBeforeAll(async () => (await createAdmin(t.database.db)).admin);
const auth = useAuthHeader(t, () => admin);
const api = () => request(t.app());
const entriesFor = (entity: string, entity_id: number) => api().get('/admin/audit-log').query({ entity, entity_id }).set(auth);

describe('auditValues', () => {
  it('keeps only the fields that changed, drops updated_at, turns dates into ISO text and redacts secrets', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(
      auditValues(
        { id: 1, name: 'Old', member_since: null, updated_at: at, password_hash: 'x' },
        { id: 1, name: 'New', member_since: at, updated_at: new Date(), password_hash: 'y' },
      ),
    ).toEqual({
      before: { name: 'Old', member_since: null, password_hash: '[redacted]' },
      after: { name: 'New', member_since: '2026-01-02T03:04:05.000Z', password_hash: '[redacted]' },
    });
    // An unchanged secret stays out altogether; a nested one is redacted too.
    expect(auditValues({ token: 'a', n: 1 }, { token: 'a', n: 2 })).toEqual({ before: { n: 1 }, after: { n: 2 } });
    expect(auditValues(null, { user: { secret: 's', email: 'e' } })).toEqual({ before: null, after: { user: { secret: '[redacted]', email: 'e' } } });
  });

  it('keeps the whole side given for a creation or a deletion', () => {
    expect(auditValues(null, { id: 3, name: 'Plan' })).toEqual({ before: null, after: { id: 3, name: 'Plan' } });
    expect(auditValues({ id: 3, name: 'Plan' }, undefined)).toEqual({ before: { id: 3, name: 'Plan' }, after: null });
  });
});

describe('the audit trail of administrator actions', () => {
  it('records a company date change with who, before and after, and lists it newest first through GET admin/audit-log', async () => {
    const { company } = await createCompanyWithUsers(t.database.db);
    const res = await api().put(`/admin/companies/${company.id}`).set(auth).send({ member_since: '2024-03-01' });
    expect(res.status).toBe(200);
    const log = await entriesFor('company', company.id);
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ total: 1, currentPage: 0 });
    expect(log.body.items[0]).toMatchObject({
      action: 'company.update',
      entity: 'company',
      entity_id: company.id,
      actor_user_id: admin.id,
      actor_email: admin.email,
      before: { member_since: null },
      after: { member_since: '2024-03-01' },
    });
  });

  it('records plan creation, update and deletion, each once', async () => {
    const created = await api()
      .post('/admin/subscription-plans')
      .set(auth)
      .send({ name: 'Audit plan', start_date: '2030-01-01', end_date: '2030-12-31' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await api().put(`/admin/subscription-plans/${id}`).set(auth).send({ name: 'Audit plan 2' }).expect(200);
    await api().delete(`/admin/subscription-plans/${id}`).set(auth).expect(200);
    const log = await entriesFor('subscription_plan', id);
    expect(log.body.items.map((e: { action: string }) => e.action)).toEqual([
      'subscription_plan.delete',
      'subscription_plan.update',
      'subscription_plan.create',
    ]);
    expect(log.body.items[1]).toMatchObject({ before: { name: 'Audit plan' }, after: { name: 'Audit plan 2' } });
    expect(log.body.items[0]).toMatchObject({ before: { name: 'Audit plan 2' }, after: null });
  });

  it('writes no entry when the change is refused', async () => {
    const [builtin] = await t.database.db.select().from(subscription_plans).where(eq(subscription_plans.is_builtin, true));
    const res = await api().delete(`/admin/subscription-plans/${builtin!.id}`).set(auth);
    expect(res.status).toBe(409);
    expect((await entriesFor('subscription_plan', builtin!.id)).body.total).toBe(0);
  });

  it('leaves no entry when the transaction it was written in rolls back', async () => {
    const actor = actorOf(admin) as AdminActor;
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(tx, actor, { action: 'company.update', entity: 'company', entity_id: 999_999, after: { name: 'x' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.database.db.select().from(audit_log).where(eq(audit_log.entity_id, 999_999))).toHaveLength(0);
  });

  it('records a reset link without its token, and bulk-access and subscription decisions', async () => {
    const { company, member, manager } = await createCompanyWithUsers(t.database.db);
    const link = await api().post(`/admin/users/${member.id}/reset-link`).set(auth);
    expect(link.status).toBe(201);
    const resetEntry = (await entriesFor('user', member.id)).body.items[0];
    expect(resetEntry).toMatchObject({ action: 'user.resetLink', after: { expires_at: expect.any(String) } });
    expect(JSON.stringify(resetEntry)).not.toMatch(/reset-password\//);

    const [req] = await t.database.db
      .insert(bulk_upload_access_requests)
      .values({ company_id: company.id, requested_by_user_id: manager.id })
      .returning({ id: bulk_upload_access_requests.id });
    await t.caller(actorOf(admin)).materials.admin.reviewBulkAccess({ id: req!.id, decision: 'grant' });
    expect((await entriesFor('bulk_access', req!.id)).body.items[0]).toMatchObject({
      action: 'bulk_access.grant',
      before: { status: 'pending' },
      after: { status: 'granted', company_id: company.id },
    });

    await t.caller(actorOf(admin)).subscriptions.admin.extend({ company_id: company.id, days: 10 });
    const subs = await api().get('/admin/audit-log').query({ entity: 'subscription' }).set(auth);
    expect(subs.body.items[0]).toMatchObject({ action: 'subscription.extend', after: { company_id: company.id, days: 10 } });
  });

  it('filters by administrator and by period', async () => {
    const { admin: other } = await createAdmin(t.database.db);
    const { company } = await createCompanyWithUsers(t.database.db);
    await t.caller(actorOf(other)).companies.admin.update({ id: company.id, onboarding_date: '2025-05-05' });
    const mine = await api().get('/admin/audit-log').query({ actor_user_id: other.id }).set(auth);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]).toMatchObject({ entity_id: company.id, actor_user_id: other.id });
    const future = await api().get('/admin/audit-log').query({ from: '2099-01-01' }).set(auth);
    expect(future.body).toMatchObject({ items: [], total: 0 });
    const today = new Date().toISOString().slice(0, 10);
    const todays = await api().get('/admin/audit-log').query({ from: today, to: today, actor_user_id: other.id }).set(auth);
    expect(todays.body.total).toBe(1);
  });

  it('refuses a bad filter with a field error', async () => {
    const res = await api().get('/admin/audit-log').query({ entity: 'spaceship' }).set(auth);
    expect(res.status).toBe(400);
    expect(res.body.error.fields.entity).toBeDefined();
  });
});
