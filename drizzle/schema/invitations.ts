import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { CompanyRole } from '../../shared/constants/enums';
import { createdAt, ts } from './_columns';
import { companyId } from './companies';
import { users } from './users';

/**
 * A manager's invitation of a colleague by e-mail. Only the sha256 of the link's token is stored; the link
 * works once, until expires_at, unless revoked.
 */
export const company_invitations = pgTable(
  'company_invitations',
  {
    id: serial().primaryKey(),
    company_id: companyId(),
    email: text().notNull(),
    role: text().$type<CompanyRole>().notNull(),
    token_hash: text().notNull().unique(),
    invited_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    expires_at: ts().notNull(),
    accepted_at: ts(),
    accepted_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    revoked_at: ts(),
    created_at: createdAt(),
  },
  (t) => [index('company_invitations_company_idx').on(t.company_id, t.created_at), index('company_invitations_email_idx').on(sql`lower(${t.email})`)],
);
