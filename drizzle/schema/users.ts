import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Language, RegistrationStatus, Role } from '../../shared/constants/enums';
import { createdAt, ownedBy, publicUuid, timestamps, ts } from './_columns';
import { companies, companyId } from './companies';
import { subscription_plans } from './subscriptions';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    uuid: publicUuid(),
    username: text().notNull(),
    email: text().notNull(),
    business_email: text(),
    first_name: text().notNull(),
    last_name: text(),
    official_role: text(),
    role: text().$type<Role>().notNull(),
    account_role: text(),
    about_info: text(),
    /** Storage key of the picture, a public file (folder `avatars`); responses carry image_url. */
    image_key: text(),
    image_name: text(),
    company_id: integer().references(() => companies.id, { onDelete: 'cascade' }),
    preferred_currency: text(),
    language: text().$type<Language>().notNull().default('en'),
    email_notifications_new_listings: boolean().notNull().default(true),
    /** Mail about the user's offers and synergies (received, answered, ended, rated), besides the in-app notification. */
    email_notifications_activity: boolean().notNull().default(true),
    donations_dashboard_access: boolean().notNull().default(false),
    password_hash: text().notNull(),
    /** Bumped on password change so older tokens stop working. */
    token_version: integer().notNull().default(0),
    is_demo: boolean().notNull().default(false),
    /**
     * Set by an administrator: the account cannot log in and its sessions ended when it was set (token
     * version bump); clearing it lets the user log in again (docs/decisions/0061).
     */
    disabled_at: ts(),
    /**
     * Removed by a manager: the row stays so listings, offers, messages and reviews keep their author (shown as
     * a former member); personal data is cleared and the email freed (docs/decisions/0060).
     */
    deleted_at: ts(),
    last_login_at: ts(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_company_idx').on(t.company_id),
  ],
);

/** A row's user, required; the row goes when the user is deleted. */
export const userId = () => ownedBy(() => users.id);

export const password_reset_tokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    user_id: userId(),
    token_hash: text().notNull().unique(),
    expires_at: ts().notNull(),
    used_at: ts(),
    created_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.user_id)],
);

/**
 * Signed-out sessions: a token whose session id is here is refused until it would have expired anyway
 * (logout of one device; the token version ends every session at once).
 */
export const revoked_sessions = pgTable(
  'revoked_sessions',
  {
    sid: text().primaryKey(),
    user_id: userId(),
    expires_at: ts().notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expires_at)],
);

/**
 * Login attempts and rate-limit counters per key in the current window; shared by every server instance. An
 * UNLOGGED table (migration 0018, docs/decisions/0152): no WAL flush per attempt; a crash empties it.
 */
export const auth_throttle = pgTable('auth_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  window_started_at: ts().notNull(),
});

export const registration_requests = pgTable(
  'registration_requests',
  {
    id: serial().primaryKey(),
    company_id: companyId(),
    user_id: userId(),
    variant: text().$type<'standard' | 'bank_partner'>().notNull().default('standard'),
    status: text().$type<RegistrationStatus>().notNull().default('pending'),
    designation: text(),
    expectations: text(),
    reason: text(),
    subscription_plan_id: integer().references(() => subscription_plans.id, { onDelete: 'set null' }),
    reviewed_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: ts(),
    created_at: createdAt(),
  },
  (t) => [index('registration_requests_status_idx').on(t.status, t.created_at), index('registration_requests_company_idx').on(t.company_id)],
);
