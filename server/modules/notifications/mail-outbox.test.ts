import { and, eq, sql } from 'drizzle-orm';
import { request } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import { jobs, mail_outbox } from '../../../drizzle/schema';
import { MAIL_JOB } from '../../lib/mail';
import { createCompanyWithUsers, createFailedJob, createOutboxMail } from '../../test/factories';
import { useAuthHeader, useTestWorld } from '../../test/suite';

const { t, admin } = useTestWorld();
const auth = useAuthHeader(t, () => admin.admin);

const api = () => request(t.app());

describe('GET admin/mail-outbox', () => {
  it('pages the outbox, newest first, for administrators', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    await api().post(`/admin/users/${member.id}/reset-link`).set(auth);
    const res = await api().get('/admin/mail-outbox').query({ page: 0, size: 2 }).set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currentPage: 0, total: expect.any(Number), totalPages: expect.any(Number) });
    expect(res.body.items.length).toBeLessThanOrEqual(2);
    expect(res.body.items[0]).toMatchObject({ to_address: member.email, status: 'queued', subject: 'Reset your password' });
    expect((await api().get('/admin/mail-outbox')).status).toBe(401);
  });

  it('finds mail by part of its recipient or subject, with LIKE wildcards taken literally', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    await api().post(`/admin/users/${member.id}/reset-link`).set(auth);
    const byAddress = await api()
      .get('/admin/mail-outbox')
      .query({ q: member.email.split('@')[0]!.toUpperCase() })
      .set(auth);
    expect(byAddress.status).toBe(200);
    expect(byAddress.body.items.map((m: { to_address: string }) => m.to_address)).toEqual([member.email]);
    const bySubject = await api().get('/admin/mail-outbox').query({ q: 'reset your', status: 'queued' }).set(auth);
    expect(bySubject.body.items.length).toBeGreaterThan(0);
    expect(bySubject.body.items.every((m: { subject: string }) => m.subject === 'Reset your password')).toBe(true);
    expect((await api().get('/admin/mail-outbox').query({ q: '%' }).set(auth)).body.total).toBe(0);
  });
});

describe('GET admin/mail-outbox/{id}', () => {
  it('answers one mail as it was sent, and 404 for no such mail', async () => {
    const mail = await createOutboxMail(t.database.db, { status: 'sent', sent_at: new Date() });
    const res = await api().get(`/admin/mail-outbox/${mail.id}`).set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: mail.id, to_address: mail.to_address, subject: mail.subject, text_body: mail.text_body, status: 'sent' });
    expect((await api().get('/admin/mail-outbox/2000000000').set(auth)).status).toBe(404);
    expect((await api().get(`/admin/mail-outbox/${mail.id}`)).status).toBe(401);
  });
});

describe('POST admin/mail-outbox/{id}/resend', () => {
  it('puts a failed mail back in the queue with a new delivery job, keeping its record', async () => {
    const mail = await createOutboxMail(t.database.db, { status: 'failed' });
    const res = await api().post(`/admin/mail-outbox/${mail.id}/resend`).set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: mail.id, status: 'queued', attempts: 5, last_error: 'Connection refused' });
    const delivery = await t.database.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.type, MAIL_JOB.type), sql`${jobs.payload}->>'mail_id' = ${String(mail.id)}`));
    expect(delivery).toEqual([{ status: 'queued' }]);
  });

  it('runs the mail’s failed delivery job again under its id', async () => {
    const mail = await createOutboxMail(t.database.db, { status: 'failed' });
    const failed = await createFailedJob(t.database.db, { type: MAIL_JOB.type, payload: { mail_id: mail.id } });
    expect((await api().post(`/admin/mail-outbox/${mail.id}/resend`).set(auth)).status).toBe(200);
    const delivery = await t.database.db
      .select({ id: jobs.id, status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(and(eq(jobs.type, MAIL_JOB.type), sql`${jobs.payload}->>'mail_id' = ${String(mail.id)}`));
    expect(delivery).toEqual([{ id: failed.id, status: 'queued', attempts: 0 }]);
  });

  it('refuses a mail that is queued or sent (409) and changes nothing', async () => {
    for (const status of ['queued', 'sent'] as const) {
      const mail = await createOutboxMail(t.database.db, { status });
      const res = await api().post(`/admin/mail-outbox/${mail.id}/resend`).set(auth);
      expect(res.status).toBe(409);
      expect(res.body.error.message_code).toBe('mail.notFailed');
      const [row] = await t.database.db.select().from(mail_outbox).where(eq(mail_outbox.id, mail.id));
      expect(row!.status).toBe(status);
    }
    expect((await api().post('/admin/mail-outbox/2000000000/resend').set(auth)).status).toBe(404);
  });
});
