// Mail goes into the outbox table with a `mail` job for its delivery, both written in the caller's transaction so
// a mail exists exactly when the change that caused it does. With SMTP_URL every instance runs the job's handler
// (mail-sender.ts) and the queue retries it; without it the jobs wait and the rows stay 'queued' for
// administrators to read (/admin/outbox, GET admin/mail-outbox). The outbox row is the record of the mail
// (status, attempts, last error); the job is only how it travels.
import { inArray, sql } from 'drizzle-orm';
import { mail_outbox } from '../../drizzle/schema';
import type { Language } from '../../shared/constants/enums';
import type { MessageParams } from '../../shared/messages';
import type { DbOrTx } from '../db/client';
import { defineJob, enqueue, enqueueMany } from '../jobs/queue';
import { mailFormat, renderMessage } from './i18n';

/** Five attempts, the last some 2.5 hours after the first (1 min, 5 min, 30 min, 2 h); each under the transport's own timeouts. */
export const MAIL_JOB = defineJob<{ mail_id: number }>({ type: 'mail', backoff: [60_000, 300_000, 1_800_000, 7_200_000], timeoutMs: 120_000 });
export const MAX_MAIL_ATTEMPTS = MAIL_JOB.maxAttempts;

export interface MailTemplates {
  registration_received: { first_name: string; company_name: string };
  registration_approved: { first_name: string; company_name: string; login_url: string };
  registration_rejected: { first_name: string; company_name: string; reason: string };
  password_reset_link: { first_name: string; url: string; expires_at: string };
  /** A notification about the user's offers and synergies, already in the recipient's language. */
  activity: { first_name: string; summary: string; url: string };
  /** One bulk upload's new listings in groups the reader's company follows (docs/decisions/0151), in their language. */
  listing_digest: { first_name: string; summary: string; url: string };
  /** A saved search's new matches of the day (docs/decisions/0221); `listings` is already a list of lines. */
  saved_search: { first_name: string; name: string; count: number; listings: string; url: string };
  /** To each manager of the donor company, whatever their activity-mail choice: a decision on their donation. */
  donation_approved: { first_name: string; company_name: string; title: string; approver_name: string; url: string };
  donation_denied: { first_name: string; company_name: string; title: string; reason: string; url: string };
  /** An administrator's answer to a help-page query. */
  query_answer: { name: string; subject: string; answer: string; question: string; sent_at: string };
  /** A manager's invitation to join the company; the link is the only copy of the token. */
  invitation: { company_name: string; inviter_name: string; url: string; expires_at: string };
  /** The weekly digest of new listings; `listings` is already a list of lines. */
  newsletter_digest: { week: string; count: number; listings: string; url: string; unsubscribe_url: string };
}
export type MailTemplate = keyof MailTemplates;

/** Each template is two message codes (shared/messages.ts): `<prefix>.subject` and `<prefix>.body`. */
export const MAIL_TEMPLATES = {
  registration_received: 'mail.registrationReceived',
  registration_approved: 'mail.registrationApproved',
  registration_rejected: 'mail.registrationRejected',
  password_reset_link: 'mail.passwordResetLink',
  activity: 'mail.activity',
  listing_digest: 'mail.listingDigest',
  saved_search: 'mail.savedSearch',
  donation_approved: 'mail.donationApproved',
  donation_denied: 'mail.donationDenied',
  query_answer: 'mail.queryAnswer',
  newsletter_digest: 'mail.newsletterDigest',
  invitation: 'mail.invitation',
} as const satisfies Record<MailTemplate, string>;

/** Subject and text in the recipient's language, the text ending with the signature. */
export function renderMail<K extends MailTemplate>(template: K, language: Language, data: MailTemplates[K]): { subject: string; text: string } {
  const prefix = MAIL_TEMPLATES[template];
  // A figure in a mail (the digest's count) is written the reader's way: "1.234" in Danish, "1,234" in English.
  const f = mailFormat(language);
  const params = Object.fromEntries(
    Object.entries(data as unknown as MessageParams).map(([k, v]) => [k, typeof v === 'number' ? f.number(v) : v]),
  ) as MessageParams;
  const subject = renderMessage(language, { code: `${prefix}.subject`, params });
  const body = renderMessage(language, { code: `${prefix}.body`, params });
  return { subject, text: `${body}\n\n${renderMessage(language, { code: 'mail.signature' })}` };
}

export interface MailRequest<K extends MailTemplate> {
  to: string;
  template: K;
  language: Language;
  data: MailTemplates[K];
}

/** Renders the mail and queues it with its delivery job; pass the transaction of the change that causes it. */
export async function enqueueMail<K extends MailTemplate>(db: DbOrTx, mail: MailRequest<K>): Promise<{ id: number }> {
  const { subject, text } = renderMail(mail.template, mail.language, mail.data);
  const [row] = await db
    .insert(mail_outbox)
    .values({ to_address: mail.to, subject, text_body: text, template: mail.template, language: mail.language, data: mail.data })
    .returning({ id: mail_outbox.id });
  await enqueue(db, MAIL_JOB, { mail_id: row!.id });
  return { id: row!.id };
}

/** Renders and queues many mails in a few statements (a digest to every subscriber, a bulk upload's new-listing
 * mails): one multi-row insert per 500, and as many for their jobs. */
export async function enqueueMails<K extends MailTemplate>(db: DbOrTx, mails: readonly MailRequest<K>[]): Promise<number> {
  const values = mails.map((mail) => {
    const { subject, text } = renderMail(mail.template, mail.language, mail.data);
    return { to_address: mail.to, subject, text_body: text, template: mail.template, language: mail.language, data: mail.data };
  });
  const ids: number[] = [];
  for (let i = 0; i < values.length; i += 500) {
    const rows = await db
      .insert(mail_outbox)
      .values(values.slice(i, i + 500))
      .returning({ id: mail_outbox.id });
    ids.push(...rows.map((r) => r.id));
  }
  await enqueueMany(
    db,
    MAIL_JOB,
    ids.map((mail_id) => ({ mail_id })),
  );
  return values.length;
}

/** An absolute link into the app for mails and reset links: PUBLIC_URL, else this server on localhost. */
export function publicUrl(env: { PUBLIC_URL?: string; PORT: number }, path: string): string {
  const base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** What waits in the outbox (for /metrics): queued and failed mails, and how long the oldest queued one has waited. */
export async function outboxDepth(db: DbOrTx): Promise<{ queued: number; failed: number; oldest_queued_seconds: number }> {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${mail_outbox.status} = 'queued')::int`,
      failed: sql<number>`count(*) filter (where ${mail_outbox.status} = 'failed')::int`,
      oldest_queued_seconds: sql<number>`coalesce(extract(epoch from now() - min(${mail_outbox.created_at}) filter (where ${mail_outbox.status} = 'queued')), 0)::float8`,
    })
    .from(mail_outbox)
    .where(inArray(mail_outbox.status, ['queued', 'failed']));
  return { queued: Number(row?.queued ?? 0), failed: Number(row?.failed ?? 0), oldest_queued_seconds: Number(row?.oldest_queued_seconds ?? 0) };
}
