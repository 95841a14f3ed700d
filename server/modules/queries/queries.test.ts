// Help-page queries for administrators: unread first, read and unread, the answer mailed
// through the outbox in the sender's language, answered once even when two administrators answer at the same moment,
// and an audit entry for each change.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audit_log, mail_outbox, queries } from '../../../drizzle/schema';
import { actorOf, createAdmin } from '../../test/factories';
import { onPostgres } from '../../test/postgres';
import { useRestAs, useTestWorld } from '../../test/suite';

const { t, admin } = useTestWorld();
const rest = useRestAs(t, () => admin.adminActor);
const db = () => t.database.db;
const tag = () => Math.random().toString(36).slice(2, 8);

const ask = (o: { email?: string; message?: string; subject?: string; language?: 'en' | 'dk' | 'my' } = {}) =>
  t.caller().queries.create({
    name: 'Ana Asker',
    email: o.email ?? `asker-${tag()}@example.com`,
    subject: o.subject,
    message: o.message ?? 'How do I list surplus pallets?',
    language: o.language,
  });
const mailsTo = (to: string) => db().select().from(mail_outbox).where(eq(mail_outbox.to_address, to));
const entries = (id: number) =>
  db()
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, 'query'), eq(audit_log.entity_id, id)));

describe('administrators read help queries', () => {
  it('lists unread queries first, then newest, paged, with the unread count', async () => {
    const older = await ask({ message: `older ${tag()}` });
    const read = await ask({ message: `read ${tag()}` });
    const newest = await ask({ message: `newest ${tag()}` });
    await rest.put(`/admin/queries/${read.id}/read`).send({ read: true }).expect(200);
    const list = await rest.get('/admin/queries').query({ size: 100 });
    expect(list.status).toBe(200);
    const ids = list.body.items.map((q: { id: number }) => q.id);
    expect(ids.indexOf(newest.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(read.id));
    expect(list.body.unread).toBe(list.body.items.filter((q: { read_at: string | null }) => q.read_at === null).length);
    const page = await rest.get('/admin/queries').query({ size: 2, page: 1 });
    expect(page.body).toMatchObject({ currentPage: 1, totalPages: Math.ceil(list.body.total / 2) });
    expect(page.body.items).toHaveLength(Math.min(2, list.body.total - 2));
    expect(page.body.items[0].id).toBe(ids[2]);
    const unread = await rest.get('/admin/queries').query({ status: 'unread', size: 100 });
    expect(unread.body.items.map((q: { id: number }) => q.id)).not.toContain(read.id);
    const found = await rest.get('/admin/queries').query({ q: 'newest' });
    expect(found.body.items.map((q: { id: number }) => q.id)).toContain(newest.id);
  });

  it('marks read once (keeping the first reader) and unread again, each change audited', async () => {
    const q = await ask();
    const first = await rest.put(`/admin/queries/${q.id}/read`).send({ read: true });
    expect(first.body).toMatchObject({ read_at: expect.any(String), read_by_email: admin.admin.email });
    const { admin: other } = await createAdmin(db());
    const again = await t.caller(actorOf(other)).queries.admin.setRead({ id: q.id, read: true });
    expect(again.read_by_email).toBe(admin.admin.email);
    await rest.put(`/admin/queries/${q.id}/read`).send({ read: false }).expect(200);
    expect((await entries(q.id)).map((e) => e.action).sort()).toEqual(['query.read', 'query.unread']);
    expect((await rest.get(`/admin/queries/${q.id}`)).body.read_at).toBeNull();
  });
});

describe('answering a query', () => {
  it('mails the answer through the outbox in the language it was asked in, and marks it answered', async () => {
    const email = `danish-${tag()}@example.com`;
    const q = await ask({ email, subject: 'Paller', message: 'Hvordan opretter jeg et opslag?', language: 'dk' });
    const res = await rest.post(`/admin/queries/${q.id}/answer`).send({ message: 'Gå til Mine opslag og vælg Nyt opslag.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'answered', answer: 'Gå til Mine opslag og vælg Nyt opslag.', answered_by_email: admin.admin.email });
    expect(res.body.read_at).not.toBeNull();
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ template: 'query_answer', language: 'dk', subject: 'Sv: Paller', status: 'queued' });
    expect(mail!.text_body).toContain('Gå til Mine opslag og vælg Nyt opslag.');
    expect(mail!.text_body).toContain('Hvordan opretter jeg et opslag?');
    const [entry] = await entries(q.id);
    expect(entry).toMatchObject({
      action: 'query.answer',
      actor_user_id: admin.admin.id,
      after: { status: 'answered', mail_id: mail!.id, to: email },
    });
  });

  it('answers once: a second answer or mark-answered is 409 and sends nothing', async () => {
    const email = `twice-${tag()}@example.com`;
    const q = await ask({ email });
    await rest.post(`/admin/queries/${q.id}/answer`).send({ message: 'First answer' }).expect(200);
    const second = await rest.post(`/admin/queries/${q.id}/answer`).send({ message: 'Second answer' });
    expect(second.status).toBe(409);
    expect(second.body.error.message_code).toBe('query.alreadyAnswered');
    expect((await rest.post(`/admin/queries/${q.id}/mark-answered`)).status).toBe(409);
    expect(await mailsTo(email)).toHaveLength(1);
    const [row] = await db().select().from(queries).where(eq(queries.id, q.id));
    expect(row!.answer).toBe('First answer');
  });

  it('marks a query answered without a mail', async () => {
    const email = `phone-${tag()}@example.com`;
    const q = await ask({ email });
    const res = await rest.post(`/admin/queries/${q.id}/mark-answered`);
    expect(res.body).toMatchObject({ status: 'answered', answer: null });
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await entries(q.id)).map((e) => e.action)).toEqual(['query.markAnswered']);
  });

  it('refuses an empty answer on its field and an unknown query, changing nothing', async () => {
    const email = `empty-${tag()}@example.com`;
    const q = await ask({ email });
    const empty = await rest.post(`/admin/queries/${q.id}/answer`).send({ message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.field_codes.message.code).toBe('field.required');
    expect((await rest.post('/admin/queries/2000000000/answer').send({ message: 'Hi' })).status).toBe(404);
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await rest.get(`/admin/queries/${q.id}`)).body.status).toBe('open');
  });

  it.runIf(onPostgres)('sends one mail when two administrators answer at the same moment (real Postgres)', async () => {
    const email = `race-${tag()}@example.com`;
    const q = await ask({ email });
    const admins = await Promise.all([createAdmin(db()), createAdmin(db()), createAdmin(db()), createAdmin(db())]);
    const results = await Promise.allSettled(admins.map((a, i) => t.caller(a.adminActor).queries.admin.answer({ id: q.id, message: `Answer ${i}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.cause?.code)).toEqual([
      'CONFLICT',
      'CONFLICT',
      'CONFLICT',
    ]);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await entries(q.id)).filter((e) => e.action === 'query.answer')).toHaveLength(1);
  });
});
