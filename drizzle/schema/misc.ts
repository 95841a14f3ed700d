import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    status: text().$type<'open' | 'answered'>().notNull().default('open'),
    answered_at: ts(),
    answered_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('queries_status_idx').on(t.status, t.created_at)],
);

export const newsletter_subscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    language: text().$type<Language>().notNull().default('en'),
    unsubscribed_at: ts(),
    created_at: createdAt(),
  },
  // Emails arrive lower-cased (shared email schema), so a plain unique index serves the upsert.
  (t) => [uniqueIndex('newsletter_email_unique').on(t.email)],
);

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
