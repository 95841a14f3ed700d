// The weekly newsletter: the digest of the week's new listings to every active subscriber
// through the outbox, once per week however many runners try, an unsubscribe link that works without logging in,
// and the runs administrators see.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobs, mail_outbox, materials, newsletter_runs, newsletter_subscribers } from '../../../drizzle/schema';
import { openPostgres, type Database } from '../../db/client';
import { jobHandlers, NEWSLETTER_DIGEST } from '../../jobs';
import { enqueue, startQueue, type Queue } from '../../jobs/queue';
import { createAdmin, createCompanyWithUsers, createListing } from '../../test/factories';
import { useTestContext } from '../../test/suite';
import { request, restAs } from '../../test/rest-client';
import { maskEmail, sendWeeklyDigest, weekStart } from './service';
import { onPostgres } from '../../test/postgres';

const t = useTestContext();
const db = () => t.database.db;
const tag = () => Math.random().toString(36).slice(2, 8);
const env = { PUBLIC_URL: 'https://market.example', PORT: 3000 };

async function subscribe(language: 'en' | 'dk' | 'my' = 'en') {
  const email = `reader-${tag()}@example.com`;
  await t.caller().newsletter.subscribe({ email, language });
  const [row] = await db().select().from(newsletter_subscribers).where(eq(newsletter_subscribers.email, email));
  return row!;
}
const digestsTo = (emails: string[]) => db().select().from(mail_outbox).where(inArray(mail_outbox.to_address, emails));

describe('weekStart', () => {
  it('is the Monday 00:00 UTC of the week', () => {
    expect(weekStart(new Date('2026-11-25T13:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z'); // a Wednesday
    expect(weekStart(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z'); // Monday itself
    expect(weekStart(new Date('2026-11-29T23:59:59Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z'); // Sunday
  });
  it('masks an address for the unsubscribe page', () => {
    expect(maskEmail('anna@example.com')).toBe('a•••@example.com');
  });
});

describe('the weekly digest', () => {
  it("mails every active subscriber the last week's new listings in their language, with a working unsubscribe link", async () => {
    // A week of its own far in the past, so other tests' listings are not in it.
    const now = new Date('2031-03-12T08:00:00Z'); // Wednesday; the digest covers 3-9 March 2031
    const { company } = await createCompanyWithUsers(db());
    const inWeek = await createListing(db(), company.id, { title: `Oak planks ${tag()}`, created_at: new Date('2031-03-05T10:00:00Z') });
    await createListing(db(), company.id, { title: 'Too early', created_at: new Date('2031-03-02T23:00:00Z') });
    await createListing(db(), company.id, { title: 'This week', created_at: new Date('2031-03-10T09:00:00Z') });
    await createListing(db(), company.id, { title: 'Archived', status: 'archived', created_at: new Date('2031-03-06T09:00:00Z') });
    const dk = await subscribe('dk');
    const en = await subscribe('en');
    const gone = await subscribe('en');
    await t.caller().newsletter.unsubscribe({ token: gone.unsubscribe_token });

    const result = await db().transaction((tx) => sendWeeklyDigest(tx, env, now));
    expect(result).toMatchObject({ sent: true, period_start: '2031-03-03', period_end: '2031-03-09', listings: 1 });
    const mails = await digestsTo([dk.email, en.email, gone.email]);
    expect(mails.map((m) => m.to_address).sort()).toEqual([dk.email, en.email].sort());
    const enMail = mails.find((m) => m.to_address === en.email)!;
    expect(enMail).toMatchObject({
      template: 'newsletter_digest',
      language: 'en',
      subject: 'Synergy Marketplace: new listings in the week of 3 March 2031',
    });
    expect(enMail.text_body).toContain(inWeek.title);
    expect(enMail.text_body).toContain(`https://market.example/material/${inWeek.id}`);
    expect(enMail.text_body).not.toContain('Too early');
    expect(enMail.text_body).not.toContain('This week');
    expect(enMail.text_body).toContain(`https://market.example/newsletter/unsubscribe/${en.unsubscribe_token}`);
    expect(mails.find((m) => m.to_address === dk.email)!.language).toBe('dk');
    // The week is written the Danish way in the Danish mail, not as an ISO date.
    expect(mails.find((m) => m.to_address === dk.email)!.subject).toContain('3. marts 2031');

    // The link's token alone unsubscribes, without a login; the next week's digest skips the address.
    const info = await request(t.app()).get(`/api/newsletter/unsubscribe/${en.unsubscribe_token}`);
    expect(info.body).toEqual({ email: maskEmail(en.email), subscribed: true });
    const off = await request(t.app()).post('/api/newsletter/unsubscribe').send({ token: en.unsubscribe_token });
    expect(off.status).toBe(200);
    expect(off.body.subscribed).toBe(false);
    await createListing(db(), company.id, { title: 'Next week', created_at: new Date('2031-03-11T09:00:00Z') });
    await db().transaction((tx) => sendWeeklyDigest(tx, env, new Date('2031-03-17T01:00:00Z')));
    expect((await digestsTo([en.email])).length).toBe(1);
    expect((await digestsTo([dk.email])).length).toBe(2);
  });

  it('queues one digest per subscriber, each with its own unsubscribe link, past one insert of 500 rows', async () => {
    const now = new Date('2034-05-17T08:00:00Z');
    const { company } = await createCompanyWithUsers(db());
    await createListing(db(), company.id, { title: `Steel offcuts ${tag()}`, created_at: new Date('2034-05-09T10:00:00Z') });
    const run = tag();
    const rows = Array.from({ length: 1203 }, (_, i) => ({ email: `bulk-${run}-${i}@example.com`, language: 'en' as const }));
    await db().insert(newsletter_subscribers).values(rows);
    const result = await db().transaction((tx) => sendWeeklyDigest(tx, env, now));
    const active = await db().select().from(newsletter_subscribers);
    expect(result).toMatchObject({ sent: true, listings: 1, mails_queued: active.filter((s) => s.unsubscribed_at === null).length });
    const ours = active.filter((s) => s.email.startsWith(`bulk-${run}-`));
    const mails = await digestsTo(ours.map((s) => s.email));
    expect(mails).toHaveLength(1203);
    const byAddress = new Map(mails.map((m) => [m.to_address, m.text_body]));
    for (const s of ours) expect(byAddress.get(s.email)).toContain(`/newsletter/unsubscribe/${s.unsubscribe_token}`);
  });

  it('sends a week once however often it runs, and records a week without new listings without mail', async () => {
    const reader = await subscribe();
    const now = new Date('2032-06-16T08:00:00Z');
    const first = await db().transaction((tx) => sendWeeklyDigest(tx, env, now));
    const again = await db().transaction((tx) => sendWeeklyDigest(tx, env, new Date('2032-06-20T23:00:00Z')));
    expect(first).toMatchObject({ sent: true, listings: 0, mails_queued: 0 });
    expect(again).toMatchObject({ sent: false, period_start: first.period_start });
    expect(await digestsTo([reader.email])).toHaveLength(0);
    expect(await db().select().from(newsletter_runs).where(eq(newsletter_runs.period_start, first.period_start))).toHaveLength(1);
  });

  it('refuses a malformed or unknown token with the same message and changes nothing', async () => {
    const bad = await request(t.app()).post('/api/newsletter/unsubscribe').send({ token: 'guess' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field_codes.token.code).toBe('newsletter.invalidToken');
    const unknown = await request(t.app()).get('/api/newsletter/unsubscribe/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message_code).toBe('newsletter.invalidToken');
  });

  it('shows administrators the runs, newest week first, with subscriber counts', async () => {
    const { adminActor } = await createAdmin(db());
    const res = await restAs(t, adminActor).get('/admin/newsletter/runs').query({ size: 2 });
    expect(res.status).toBe(200);
    expect(res.body.items[0].period_start > res.body.items[1].period_start).toBe(true);
    expect(res.body).toMatchObject({
      subscribers: { active: expect.any(Number), unsubscribed: expect.any(Number) },
      next_run_after: expect.any(String),
    });
    expect(res.body.subscribers.unsubscribed).toBeGreaterThanOrEqual(2);
  });
});

describe.runIf(onPostgres)('the newsletter job on two instances (real Postgres)', () => {
  const others: Database[] = [];
  const queues: Queue[] = [];
  afterAll(async () => {
    for (const q of queues) await q.stop();
    for (const d of others) await d.close();
  });

  /** Two instances, each with a connection pool of its own and a job worker whose clock says `at`. */
  async function instances(at: string) {
    const made: Queue[] = [];
    for (const d of [t.database, ...(others.length ? others : [await openPostgres(t.database.url!, { max: 2 })])]) {
      if (d !== t.database && !others.includes(d)) others.push(d);
      const handlers = jobHandlers({ env: { ...env, MAIL_FROM: 'x@example.com' }, transport: null, now: () => new Date(at) });
      made.push(await startQueue({ db: d.db, pubsub: d.pubsub, logger: t.deps.logger, handlers, concurrency: 2, pollMs: 60_000 }));
    }
    queues.push(...made);
    return made;
  }

  /** Four hourly runs of the job at the same moment, run by whichever instance claims each. */
  async function runFour(workers: Queue[]) {
    await db().transaction(async (tx) => {
      for (let i = 0; i < 4; i++) await enqueue(tx, NEWSLETTER_DIGEST, { period: new Date().toISOString() });
    });
    await Promise.all(workers.map((w) => w.drain()));
    const rows = await db().select({ status: jobs.status }).from(jobs).where(eq(jobs.type, NEWSLETTER_DIGEST.type));
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    await Promise.all(workers.map((w) => w.stop()));
  }

  it('sends each week once when two runners start it at the same moment, and again once the week after', async () => {
    const reader = await subscribe();
    const { company } = await createCompanyWithUsers(db());
    await createListing(db(), company.id, { title: `Race week ${tag()}`, created_at: new Date('2033-09-07T10:00:00Z') });
    await runFour(await instances('2033-09-14T00:30:00Z'));
    expect(await digestsTo([reader.email])).toHaveLength(1);
    expect(await db().select().from(newsletter_runs).where(eq(newsletter_runs.period_start, '2033-09-05'))).toHaveLength(1);

    await runFour(await instances('2033-09-21T06:00:00Z'));
    expect(await db().select().from(newsletter_runs).where(eq(newsletter_runs.period_start, '2033-09-12'))).toHaveLength(1);
    // Week of 12 September had no new listing: recorded, nothing sent.
    expect(await digestsTo([reader.email])).toHaveLength(1);
    await db().delete(materials).where(eq(materials.company_id, company.id));
  });
});
