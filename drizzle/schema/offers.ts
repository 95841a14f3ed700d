import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OfferStatus } from '../../shared/constants/enums';
import { createdAt, publicUuid, ts, updatedAt } from './_columns';
import { companies } from './companies';
import { materials } from './materials';
import { users } from './users';

export const offers = pgTable(
  'offers',
  {
    id: serial().primaryKey(),
    uuid: publicUuid(),
    material_id: integer()
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    message: text().notNull(),
    quantity: integer().notNull(),
    status: text().$type<OfferStatus>().notNull().default('pending'),
    reviewed_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: ts(),
    /** Why the listing's company rejected the offer (optional). */
    review_reason: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('offers_material_idx').on(t.material_id, t.status),
    index('offers_company_idx').on(t.company_id, t.status),
    // One pending offer per company and listing, enforced by the database so two tabs cannot race past it.
    uniqueIndex('offers_one_pending')
      .on(t.material_id, t.company_id)
      .where(sql`${t.status} = 'pending'`),
  ],
);
