import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '../../shared/constants/enums';
import { createdAt, ts } from './_columns';
import { users } from './users';

/** Help requests from the help page; administrators answer them at /admin/queries. */
export const queries = pgTable(
  'queries',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text(),
    message: text().notNull(),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The help page's language when it was sent: the answer mail is written around it in that language. */
    language: text().$type<Language>().notNull().default('en'),
    status: text().$type<'open' | 'answered'>().notNull().default('open'),
    /** When an administrator first opened it (null: unread, listed first). */
    read_at: ts(),
    read_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The answer mailed to the sender (null when it was marked answered without a mail). */
    answer: text(),
    answered_at: ts(),
    answered_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('queries_status_idx').on(t.status, t.created_at), index('queries_unread_idx').on(t.read_at, t.created_at)],
);

export const newsletter_subscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    language: text().$type<Language>().notNull().default('en'),
    /** The secret in the digest's unsubscribe link: works without logging in, and only for this address. */
    unsubscribe_token: uuid()
      .notNull()
      .default(sql`gen_random_uuid()`)
      .unique(),
    unsubscribed_at: ts(),
    created_at: createdAt(),
  },
  // Emails arrive lower-cased (shared email schema), so a plain unique index serves the upsert.
  (t) => [uniqueIndex('newsletter_email_unique').on(t.email)],
);

/**
 * One row per weekly digest: `period_start` is the Monday (UTC) of the week whose new listings it
 * carried, unique, so however many instances run the job a week is sent once.
 */
export const newsletter_runs = pgTable('newsletter_runs', {
  id: serial().primaryKey(),
  period_start: date({ mode: 'string' }).notNull().unique(),
  period_end: date({ mode: 'string' }).notNull(),
  /** Active subscribers when it ran, listings in the digest (all new ones, the mail shows the newest), mails queued. */
  subscribers: integer().notNull().default(0),
  listings: integer().notNull().default(0),
  mails_queued: integer().notNull().default(0),
  created_at: createdAt(),
});

/** Mail goes here first; a worker sends it by SMTP when configured, else administrators read it here. */
export const mail_outbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    to_address: text().notNull(),
    subject: text().notNull(),
    text_body: text().notNull(),
    template: text().notNull(),
    language: text().$type<Language>().notNull().default('en'),
    data: jsonb(),
    status: text().$type<'queued' | 'sent' | 'failed'>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    last_error: text(),
    sent_at: ts(),
    created_at: createdAt(),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.created_at)],
);

/** Key/value facts about this installation (e.g. the generated demo marker, job runs). */
export const app_meta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updated_at: createdAt(),
});
