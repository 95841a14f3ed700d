import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
import { users } from './users';

/**
 * One row per administrator action that changed data: who, what, when, and the values before and
 * after. Written in the transaction of the change, so a rolled-back change leaves no entry. Never updated.
 */
export const audit_log = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    actor_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Kept beside the id so the entry still names its administrator after the account is gone. */
    actor_email: text().notNull(),
    /** `<entity>.<verb>`, e.g. `company.update`, `registration.approve`. */
    action: text().notNull(),
    entity: text().notNull(),
    entity_id: integer(),
    /** The changed fields' old values (null for a creation). */
    before: jsonb().$type<Record<string, unknown>>(),
    /** The changed fields' new values (null for a deletion). */
    after: jsonb().$type<Record<string, unknown>>(),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at),
    index('audit_log_entity_idx').on(t.entity, t.entity_id, t.created_at),
    index('audit_log_actor_idx').on(t.actor_user_id, t.created_at),
  ],
);
