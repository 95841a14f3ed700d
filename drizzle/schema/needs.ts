import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import type { QuantityUnit } from '../../shared/constants/enums';
import { createdAt, geoPoint, ownedBy, publicUuid, timestamps, ts } from './_columns';
import { material_groups } from './common';
import { companyId } from './companies';
import { materialId } from './materials';
import { userId, users } from './users';

/**
 * Wanted listings ("needs"): what a company looks for, in a material group (or a code under it), within a distance of
 * the company's primary address, copied here like a listing's so the same KNN index answers "needs near you".
 */
export const needs = pgTable(
  'needs',
  {
    id: serial().primaryKey(),
    uuid: publicUuid(),
    company_id: companyId(),
    created_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    description: text().notNull(),
    material_group_id: integer()
      .notNull()
      .references(() => material_groups.id),
    /** A code under the group (compact EWC or dotted); null: the whole group. */
    material_group_code: text(),
    quantity: integer().notNull(),
    unit: text().$type<QuantityUnit>().notNull(),
    max_distance_km: integer().notNull(),
    /** Open through this day (UTC); null: until removed. */
    until: date({ mode: 'string' }),
    ...geoPoint(),
    ...timestamps(),
  },
  (t) => [
    index('needs_geo_idx').using('gist', t.geo),
    index('needs_company_idx').on(t.company_id, t.created_at),
    index('needs_group_idx').on(t.material_group_id),
    // The largest radius of any need bounds the box a new listing's matching reads from needs_geo_idx.
    index('needs_max_distance_idx').on(t.max_distance_km),
  ],
);

/**
 * A listing that matches a need: found when the listing was created (`matched`, its company notified once, which the
 * key guarantees) or offered by its supplier in answer (`answered`).
 */
export const need_matches = pgTable(
  'need_matches',
  {
    need_id: ownedBy(() => needs.id),
    material_id: materialId(),
    source: text().$type<'matched' | 'answered'>().notNull(),
    message: text(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.need_id, t.material_id] }), index('need_matches_material_idx').on(t.material_id)],
);

/** A user's saved marketplace search: the database page's URL parameters, optionally mailed daily with new matches. */
export const saved_searches = pgTable(
  'saved_searches',
  {
    id: serial().primaryKey(),
    user_id: userId(),
    company_id: companyId(),
    name: text().notNull(),
    filters: jsonb().$type<Record<string, string>>().notNull(),
    notify: boolean().notNull().default(false),
    /** Listings created after this are "new" for the next daily mail. */
    checked_at: ts().notNull().defaultNow(),
    created_at: createdAt(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.user_id, t.created_at),
    index('saved_searches_notify_idx')
      .on(t.checked_at)
      .where(sql`${t.notify}`),
  ],
);
