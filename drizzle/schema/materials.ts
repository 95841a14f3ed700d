import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import type { Frequency, ListingCategory, ListingKind, ListingStatus, QuantityUnit } from '../../shared/constants/enums';
import { createdAt, ownedBy, geoPoint, publicUuid, timestamps, ts } from './_columns';
import { first_level_subcategories, material_groups, sdgs, second_level_subcategories, third_level_subcategories } from './common';
import { companies, company_addresses, companyId } from './companies';
import { users } from './users';

/** Listings: offerings and donations (kind). Coordinates are copied from the address for the KNN index. */
export const materials = pgTable(
  'materials',
  {
    id: serial().primaryKey(),
    uuid: publicUuid(),
    kind: text().$type<ListingKind>().notNull().default('offering'),
    company_id: companyId(),
    created_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    description: text().notNull(),
    category: text().$type<ListingCategory>().notNull(),
    material_group_id: integer().references(() => material_groups.id),
    first_level_subcategory_id: integer().references(() => first_level_subcategories.id),
    second_level_subcategory_id: integer().references(() => second_level_subcategories.id),
    third_level_subcategory_id: integer().references(() => third_level_subcategories.id),
    material_group_code: text(),
    frequency: text().$type<Frequency>().notNull(),
    address_id: integer().references(() => company_addresses.id, { onDelete: 'set null' }),
    ...geoPoint(),
    quantity: integer().notNull(),
    /**
     * What accepted offers of synergies not ended unsuccessfully hold of `quantity` (docs/decisions/0175): kept by
     * the offers and exchanges modules under the listing's row lock, never written by an edit.
     */
    reserved_quantity: integer().notNull().default(0),
    quantity_unit: text().$type<QuantityUnit>().notNull().default('kg'),
    condition: text().notNull(),
    type: text().notNull(),
    final_use: text().notNull(),
    status: text().$type<ListingStatus>().notNull().default('active'),
    ...timestamps(),
  },
  (t) => [
    index('materials_geo_idx').using('gist', t.geo),
    index('materials_company_idx').on(t.company_id, t.created_at),
    index('materials_group_idx').on(t.material_group_id),
    // Category administration counts and moves the listings under one subcategory.
    index('materials_first_level_idx').on(t.first_level_subcategory_id),
    index('materials_second_level_idx').on(t.second_level_subcategory_id),
    index('materials_third_level_idx').on(t.third_level_subcategory_id),
    index('materials_status_created_idx').on(t.status, t.kind, t.created_at),
    index('materials_code_idx').on(t.material_group_code),
    // "Above 40 km" reads the rings around the viewer row by row (a latitude row of 1/32 degree, then the exact
    // longitude), skipping the dense disc inside 40 km (server/modules/materials/annulus.ts).
    index('materials_lat_cell_idx').on(sql`(floor(${t.latitude} * 32)::int)`, t.longitude),
    // Text search (`q=`, ILIKE '%word%' on title or description) reads these trigram indexes (pg_trgm, both
    // databases) instead of every listing: a word nothing contains costs an index probe, not a table scan.
    // New rows wait in a pending list that every text search reads in full: 128 kB, not the default 4 MB (at
    // 1M listings a full list cost a word nothing has 3 ms instead of 0.1; migration 0020).
    index('materials_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')).with({ gin_pending_list_limit: 128 }),
    index('materials_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')).with({ gin_pending_list_limit: 128 }),
    check('materials_reserved_not_negative', sql`${t.reserved_quantity} >= 0`),
  ],
);

/** A row's listing, required; the row goes when the listing is deleted. */
export const materialId = () => ownedBy(() => materials.id);

export const material_images = pgTable(
  'material_images',
  {
    id: serial().primaryKey(),
    material_id: materialId(),
    /** Storage key of a public file (folder `materials`); responses carry its URL. */
    storage_key: text().notNull(),
    name: text().notNull(),
    position: integer().notNull().default(0),
    created_at: createdAt(),
  },
  // By key: a file is deleted only once no listing shows it (demo listings share their photos).
  (t) => [index('material_images_material_idx').on(t.material_id, t.position), index('material_images_storage_key_idx').on(t.storage_key)],
);

export const material_sdgs = pgTable(
  'material_sdgs',
  {
    material_id: materialId(),
    sdg_id: integer()
      .notNull()
      .references(() => sdgs.id),
  },
  (t) => [primaryKey({ columns: [t.material_id, t.sdg_id] })],
);

export const sub_listings = pgTable(
  'sub_listings',
  {
    id: serial().primaryKey(),
    material_id: materialId(),
    title: text().notNull(),
    description: text(),
    quantity: integer().notNull().default(0),
    /** What accepted offers naming this sub-listing hold of it (they hold as much of the listing too). */
    reserved_quantity: integer().notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index('sub_listings_material_idx').on(t.material_id), check('sub_listings_reserved_not_negative', sql`${t.reserved_quantity} >= 0`)],
);

/** Who was shown, or clicked, a recommended listing and when: the click-through rate compares the two. */
const recommendationEventColumns = () => ({
  id: serial().primaryKey(),
  user_id: integer().references(() => users.id, { onDelete: 'set null' }),
  company_id: integer().references(() => companies.id, { onDelete: 'cascade' }),
  material_id: materialId(),
  created_at: createdAt(),
});

export const recommendation_displays = pgTable('recommendation_displays', recommendationEventColumns(), (t) => [
  index('recommendation_displays_material_idx').on(t.material_id),
  // The retention job deletes by age (server/jobs: prune-recommendation-displays).
  index('recommendation_displays_created_idx').on(t.created_at),
]);

export const recommendation_clicks = pgTable('recommendation_clicks', recommendationEventColumns(), (t) => [
  index('recommendation_clicks_material_idx').on(t.material_id),
]);

export const bulk_upload_access_requests = pgTable(
  'bulk_upload_access_requests',
  {
    id: serial().primaryKey(),
    company_id: companyId(),
    requested_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    status: text().$type<'pending' | 'granted' | 'denied'>().notNull().default('pending'),
    reviewed_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: ts(),
    created_at: createdAt(),
  },
  (t) => [index('bulk_upload_access_company_idx').on(t.company_id, t.status)],
);

/**
 * One row per bulk upload whose listings have a material group (docs/decisions/0151): written in the upload's
 * transaction with its `listing-digest` job, turned after commit into one notification (and mail) per follower, then
 * marked sent in the same transaction as those (docs/decisions/0193).
 */
export const listing_digests = pgTable(
  'listing_digests',
  {
    id: serial().primaryKey(),
    company_id: companyId(),
    created_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The upload's listings that have a material group; the digest counts those still active when it is sent. */
    material_ids: integer().array().notNull(),
    created_at: createdAt(),
    sent_at: ts(),
    /** How many users it notified (0: nobody followed the groups). */
    recipients: integer(),
  },
  (t) => [
    index('listing_digests_pending_idx')
      .on(t.id)
      .where(sql`${t.sent_at} is null`),
  ],
);
