// Demo data for the administrators' console: help queries in three languages (one answered by mail, one read, two
// unread), newsletter subscribers (one unsubscribed) and the digest sent the week before last, so /admin/queries,
// /admin/newsletter and /admin/audit-log show data at once (the job sends last week's digest at start); outbox mail
// sent, waiting and failed with its failed delivery job, for /admin/outbox and /admin/jobs; and four months of
// recommendation displays and clicks for the statistics' click-through rate.
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  audit_log,
  companies,
  jobs,
  mail_outbox,
  materials,
  newsletter_runs,
  newsletter_subscribers,
  queries,
  recommendation_clicks,
  recommendation_displays,
  users,
} from '../../drizzle/schema';
import { isoDate } from '../../shared/lib/subscription';
import { enqueue } from '../jobs/queue';
import { MAIL_JOB, renderMail } from '../lib/mail';
import { auditValues } from '../modules/audit/service';
import { weekStart } from '../modules/newsletter/service';
import type { Tx } from '../db/client';
import { DAY_MS, daysFrom } from './common';

export async function seedDemoAdmin(tx: Tx, o: { adminId: number; now: Date }): Promise<void> {
  const ago = (days: number, hours = 0) => new Date(o.now.getTime() - days * DAY_MS - hours * 3_600_000);

  const answer =
    'Hello Ida,\n\nYes: list the pallets as surplus under Wood › Wooden packaging and give the number of pallets as the quantity in kg. Companies nearby see them in the database and can make an offer.';
  const [answered] = await tx
    .insert(queries)
    .values({
      name: 'Ida Lund',
      email: 'ida.lund@nordlys-bryg.example',
      subject: 'Listing used pallets',
      message: 'We have about 40 used EUR pallets every month. Can we list them, and under which category?',
      language: 'en',
      status: 'answered',
      read_at: ago(6, 3),
      read_by_user_id: o.adminId,
      answer,
      answered_at: ago(6, 2),
      answered_by_user_id: o.adminId,
      created_at: ago(6, 5),
    })
    .returning({ id: queries.id, created_at: queries.created_at });
  const mail = renderMail('query_answer', 'en', {
    name: 'Ida Lund',
    subject: 'Listing used pallets',
    answer,
    question: 'We have about 40 used EUR pallets every month. Can we list them, and under which category?',
    sent_at: answered!.created_at.toISOString().slice(0, 16).replace('T', ' '),
  });
  const [queued] = await tx
    .insert(mail_outbox)
    .values({
      to_address: 'ida.lund@nordlys-bryg.example',
      subject: mail.subject,
      text_body: mail.text,
      template: 'query_answer',
      language: 'en',
      created_at: ago(6, 2),
    })
    .returning({ id: mail_outbox.id });
  await enqueue(tx, MAIL_JOB, { mail_id: queued!.id });
  await seedDemoOutbox(tx, ago);
  // The entry an answer writes (recordAudit's shape), dated when the demo answer was sent.
  await tx.insert(audit_log).values({
    actor_user_id: o.adminId,
    actor_email: 'admin@example.com',
    action: 'query.answer',
    entity: 'query',
    entity_id: answered!.id,
    ...auditValues({ status: 'open' }, { status: 'answered', answer, mail_id: queued!.id, to: 'ida.lund@nordlys-bryg.example' }),
    created_at: ago(6, 2),
  });

  await tx.insert(queries).values([
    {
      name: 'Jonas Berg',
      email: 'jonas.berg@example.com',
      subject: 'Certificate for our ESG report',
      message: 'Can the impact certificate be issued in our company name for the annual ESG report, and does it include the Defra factors?',
      language: 'en',
      read_at: ago(2),
      read_by_user_id: o.adminId,
      created_at: ago(2, 4),
    },
    {
      name: 'Mette Hansen',
      email: 'mette@groen-gartneri.example',
      subject: 'Kompost til haveforeninger',
      message: 'Hej! Vi har 3 tons kompost hver måned. Kan vi give det gratis til haveforeninger via platformen?',
      language: 'dk',
      created_at: ago(1, 2),
    },
    {
      name: 'Aziz Rahman',
      email: 'aziz@kl-logistik.example',
      subject: null,
      message: 'Adakah platform ini menyokong pengangkutan barang dari Shah Alam ke Klang? Kami ada ruang gudang kosong juga.',
      language: 'my',
      created_at: ago(0, 5),
    },
  ]);

  // Subscribers of the footer box: three receive the digest, one unsubscribed through the link.
  await tx.insert(newsletter_subscribers).values([
    { email: 'circular.news@example.com', language: 'en', created_at: ago(40) },
    { email: 'indkob@nordlys-bryg.example', language: 'dk', created_at: ago(30) },
    { email: 'berita@kl-logistik.example', language: 'my', created_at: ago(20) },
    { email: 'former.reader@example.com', language: 'en', created_at: ago(50), unsubscribed_at: ago(10) },
  ]);

  // The digest of the week before last, sent at the start of last week (the job sends last week's at start-up).
  const lastWeek = weekStart(daysFrom(o.now, -7));
  const covered = daysFrom(lastWeek, -7);
  await tx.insert(newsletter_runs).values({
    period_start: isoDate(covered),
    period_end: isoDate(daysFrom(lastWeek, -1)),
    subscribers: 4,
    listings: 6,
    mails_queued: 4,
    created_at: new Date(lastWeek.getTime() + 20 * 60_000),
  });

  await seedRecommendationTraffic(tx, ago);
}

/**
 * Mail as an installation with a mail server leaves it: an approval that went out, and one whose address bounced
 * on every attempt (a failed mail with its failed delivery job, for the outbox's and the jobs' retry).
 */
async function seedDemoOutbox(tx: Tx, ago: (days: number, hours?: number) => Date) {
  const approved = renderMail('registration_approved', 'en', {
    first_name: 'Lars',
    company_name: 'Fjord Metal ApS',
    login_url: 'http://localhost:3000/login',
  });
  await tx.insert(mail_outbox).values({
    to_address: 'lars@fjord-metal.example',
    subject: approved.subject,
    text_body: approved.text,
    template: 'registration_approved',
    language: 'en',
    status: 'sent',
    sent_at: ago(9, 1),
    created_at: ago(9, 1),
  });
  const bounced = renderMail('registration_received', 'dk', { first_name: 'Sofie', company_name: 'Havn Tekstil' });
  const error = '550 5.1.1 <sofie@havn-tekstil.example>: Recipient address rejected: User unknown in virtual mailbox table';
  const [failed] = await tx
    .insert(mail_outbox)
    .values({
      to_address: 'sofie@havn-tekstil.example',
      subject: bounced.subject,
      text_body: bounced.text,
      template: 'registration_received',
      language: 'dk',
      status: 'failed',
      attempts: MAIL_JOB.maxAttempts,
      last_error: error,
      created_at: ago(3, 6),
    })
    .returning({ id: mail_outbox.id });
  await tx.insert(jobs).values({
    type: MAIL_JOB.type,
    payload: { mail_id: failed!.id },
    status: 'failed',
    attempts: MAIL_JOB.maxAttempts,
    max_attempts: MAIL_JOB.maxAttempts,
    last_error: error,
    run_at: ago(3, 3),
    created_at: ago(3, 6),
    started_at: ago(3, 3),
    finished_at: sql`now() - interval '3 days 3 hours'`,
  });
}

/**
 * Recommendations the demo member was shown on the database page and clicked, over four months, so the statistics'
 * click-through rate has history (the live app logs them as users browse).
 */
async function seedRecommendationTraffic(tx: Tx, ago: (days: number, hours?: number) => Date) {
  const [member] = await tx.select({ id: users.id, company_id: users.company_id }).from(users).where(eq(users.email, 'member@example.com'));
  if (!member?.company_id) return;
  const shown = await tx
    .select({ id: materials.id })
    .from(materials)
    .innerJoin(companies, eq(companies.id, materials.company_id))
    .where(
      and(
        ne(materials.company_id, member.company_id),
        eq(materials.status, 'active'),
        eq(materials.kind, 'offering'),
        eq(companies.status, 'approved'),
      ),
    )
    .limit(8);
  if (!shown.length) return;
  // Per month, oldest first: [recommendations shown, of them clicked].
  const months: [number, number][] = [
    [36, 3],
    [52, 6],
    [64, 9],
    [44, 7],
  ];
  const displays: (typeof recommendation_displays.$inferInsert)[] = [];
  const clicks: (typeof recommendation_clicks.$inferInsert)[] = [];
  months.forEach(([n, c], m) => {
    const daysAgo = (3 - m) * 30 + 2;
    for (let i = 0; i < n; i++) {
      const material_id = shown[i % shown.length]!.id;
      const at = ago(daysAgo + (i % 25), i % 9);
      displays.push({ user_id: member.id, company_id: member.company_id, material_id, created_at: at });
      if (i < c) clicks.push({ user_id: member.id, company_id: member.company_id, material_id, created_at: at });
    }
  });
  await tx.insert(recommendation_displays).values(displays);
  await tx.insert(recommendation_clicks).values(clicks);
}
