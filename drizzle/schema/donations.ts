import { index, integer, pgTable, serial, text, doublePrecision } from 'drizzle-orm/pg-core';
import type { DonationStatus } from '../../shared/constants/enums';
import { createdAt, publicUuid, ts, updatedAt } from './_columns';
import { materials } from './materials';
import { users } from './users';

export const donation_tags = pgTable('donation_tags', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  description: text(),
  created_at: createdAt(),
});

/** Donation details of a listing of kind 'donation' (one row per such listing). */
export const donations = pgTable(
  'donations',
  {
    id: serial().primaryKey(),
    material_id: integer()
      .notNull()
      .unique()
      .references(() => materials.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    item_count: integer().notNull(),
    quantity_kg: doublePrecision(),
    total_value_minor: integer(),
    currency: text(),
    boxes_count: integer(),
    donation_tag_id: integer().references(() => donation_tags.id, { onDelete: 'set null' }),
    status: text().$type<DonationStatus>().notNull().default('pending'),
    approver_name: text(),
    deny_reason: text(),
    reviewed_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: ts(),
    /** Opaque token printed in the QR code. */
    qr_token: publicUuid(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('donations_status_idx').on(t.status, t.created_at)],
);
