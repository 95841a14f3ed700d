import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LevelOfCompletion, OfferStatus } from '../../shared/constants/enums';
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
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('offers_material_idx').on(t.material_id, t.status), index('offers_company_idx').on(t.company_id, t.status)],
);

/** Synergies. One per accepted offer (unique offer_id makes double acceptance impossible). */
export const exchanges = pgTable(
  'exchanges',
  {
    id: serial().primaryKey(),
    uuid: publicUuid(),
    offer_id: integer().references(() => offers.id, { onDelete: 'set null' }),
    material_id: integer().references(() => materials.id, { onDelete: 'set null' }),
    provider_company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requester_company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    request_message: text(),
    item_requested: text(),
    quantity: integer().notNull().default(0),
    quantity_unit: text().$type<'kg' | 'hours'>().notNull().default('kg'),
    level_of_completion: text().$type<LevelOfCompletion>().notNull().default('IN_PROGRESS'),
    successful: boolean(),
    earnings_minor: integer(),
    savings_minor: integer(),
    currency: text(),
    completed_at: ts(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('exchanges_offer_unique').on(t.offer_id),
    index('exchanges_provider_idx').on(t.provider_company_id, t.level_of_completion),
    index('exchanges_requester_idx').on(t.requester_company_id, t.level_of_completion),
    index('exchanges_completed_idx').on(t.completed_at),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial().primaryKey(),
    exchange_id: integer()
      .notNull()
      .references(() => exchanges.id, { onDelete: 'cascade' }),
    reviewer_company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reviewed_company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reviewer_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    rating: smallint().notNull(),
    feedback: text(),
    is_demo: boolean().notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_once_per_company').on(t.exchange_id, t.reviewer_company_id),
    index('reviews_reviewed_idx').on(t.reviewed_company_id, t.created_at),
  ],
);

/** Each successful synergy's impact, computed once with the factor set that was used. */
export const impact_records = pgTable(
  'impact_records',
  {
    id: serial().primaryKey(),
    exchange_id: integer()
      .notNull()
      .references(() => exchanges.id, { onDelete: 'cascade' }),
    kg: doublePrecision().notNull().default(0),
    hours: doublePrecision().notNull().default(0),
    co2e_kg: doublePrecision().notNull().default(0),
    defra_material: text(),
    factor_set: text().notNull(),
    factor_version: text().notNull(),
    breakdown: jsonb(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('impact_records_exchange_unique').on(t.exchange_id)],
);

export const chats = pgTable(
  'chats',
  {
    id: serial().primaryKey(),
    exchange_id: integer().references(() => exchanges.id, { onDelete: 'cascade' }),
    company_a_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    company_b_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    last_message_at: ts(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('chats_exchange_unique').on(t.exchange_id),
    index('chats_company_a_idx').on(t.company_a_id, t.last_message_at),
    index('chats_company_b_idx').on(t.company_b_id, t.last_message_at),
  ],
);

export const chat_messages = pgTable(
  'chat_messages',
  {
    id: serial().primaryKey(),
    chat_id: integer()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    sender_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    sender_company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [index('chat_messages_chat_idx').on(t.chat_id, t.id)],
);

export const chat_attachments = pgTable(
  'chat_attachments',
  {
    id: serial().primaryKey(),
    chat_id: integer()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    message_id: integer().references(() => chat_messages.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    url: text().notNull(),
    mime_type: text().notNull(),
    size_bytes: integer().notNull(),
    created_at: createdAt(),
  },
  (t) => [index('chat_attachments_chat_idx').on(t.chat_id)],
);

/** Read position per user and chat: unread = messages after it from the other company. */
export const chat_reads = pgTable(
  'chat_reads',
  {
    chat_id: integer()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    last_read_message_id: integer().notNull().default(0),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('chat_reads_unique').on(t.chat_id, t.user_id)],
);
