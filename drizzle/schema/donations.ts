import { doublePrecision, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { DonationStatus } from '../../shared/constants/enums';
import type { CounterfactualRoute, FactorUsed, ImpactBasis, ImpactBreakdown, MappingSource } from '../../shared/lib/impact';
import { publicUuid, timestamps, translatedNames, ts } from './_columns';
import { materials } from './materials';
import { users } from './users';

export const donation_tags = pgTable('donation_tags', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  ...translatedNames(),
  description: text(),
  ...timestamps(),
});

/**
 * Donation details of a listing of kind 'donation' (one row per such listing; docs/decisions/0090): the listing
 * holds title, description, photos, donor company and address; this row the donation's own fields and state.
 */
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
    /** Opaque token printed in the QR code: the public page /donations/verify/{qr_token}. */
    qr_token: publicUuid(),
    /** The recipient's confirmation through the QR code (status handed_over), once. */
    handed_over_at: ts(),
    received_by: text(),
    // The impact, computed once at hand-over by the synergies' impact function (shared/lib/impact.ts) and never
    // recomputed, like a synergy's impact record: kilograms, CO2e, the group and Defra material, the factors used.
    impact_kg: doublePrecision(),
    co2e_kg: doublePrecision(),
    material_group: text(),
    defra_material: text(),
    basis: text().$type<ImpactBasis>(),
    counterfactual_route: text().$type<CounterfactualRoute>(),
    mapping: jsonb().$type<MappingSource>(),
    factor_set: text(),
    factor_version: text(),
    breakdown: jsonb().$type<ImpactBreakdown>(),
    factors: jsonb().$type<FactorUsed[]>(),
    ...timestamps(),
  },
  (t) => [
    index('donations_status_idx').on(t.status, t.created_at),
    index('donations_handed_over_idx').on(t.handed_over_at),
    index('donations_tag_idx').on(t.donation_tag_id),
  ],
);
