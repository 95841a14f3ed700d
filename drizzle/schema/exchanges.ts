import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LevelOfCompletion, QuantityUnit } from '../../shared/constants/enums';
import type { CounterfactualRoute, FactorUsed, ImpactBasis, ImpactBreakdown, MappingSource } from '../../shared/lib/impact';
import { createdAt, ownedBy, publicUuid, timestamps, ts } from './_columns';
import { companyId } from './companies';
import { materials } from './materials';
import { offers } from './offers';
import { users } from './users';

/** Synergies. One per accepted offer (unique offer_id makes double acceptance impossible). */
export const exchanges = pgTable(
  'exchanges',
  {
    id: serial().primaryKey(),
    uuid: publicUuid(),
    offer_id: integer().references(() => offers.id, { onDelete: 'set null' }),
    material_id: integer().references(() => materials.id, { onDelete: 'set null' }),
    provider_company_id: companyId(),
    requester_company_id: companyId(),
    request_message: text(),
    item_requested: text(),
    quantity: integer().notNull().default(0),
    quantity_unit: text().$type<QuantityUnit>().notNull().default('kg'),
    /** The price per unit agreed in the offer's negotiation (minor units of price_currency); null: none was named. */
    unit_price_minor: integer(),
    price_currency: text(),
    level_of_completion: text().$type<LevelOfCompletion>().notNull().default('IN_PROGRESS'),
    successful: boolean(),
    earnings_minor: integer(),
    savings_minor: integer(),
    currency: text(),
    completed_at: ts(),
    ...timestamps(),
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
    exchange_id: ownedBy(() => exchanges.id),
    reviewer_company_id: companyId(),
    reviewed_company_id: companyId(),
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
    exchange_id: ownedBy(() => exchanges.id),
    kg: doublePrecision().notNull().default(0),
    hours: doublePrecision().notNull().default(0),
    co2e_kg: doublePrecision().notNull().default(0),
    /** The listing's material group when the synergy ended (a snapshot: groups may be renamed or remapped). */
    material_group: text(),
    defra_material: text(),
    /** The basis and counterfactual route of the mapping used, and the taxonomy node it came from (null before mappings). */
    basis: text().$type<ImpactBasis>(),
    counterfactual_route: text().$type<CounterfactualRoute>(),
    mapping: jsonb().$type<MappingSource>(),
    factor_set: text().notNull(),
    factor_version: text().notNull(),
    breakdown: jsonb().$type<ImpactBreakdown>(),
    /** The published factor rows used, with Defra's factor IDs (null on records stored before they were kept). */
    factors: jsonb().$type<FactorUsed[]>(),
    /** Unguessable code of the public verification page (/verify/impact/{code}) the certificate's QR code opens. */
    verification_code: publicUuid(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('impact_records_exchange_unique').on(t.exchange_id)],
);

/**
 * Each company's ended synergies per UTC month and currency ('' when none was recorded), kept by triggers on
 * exchanges and impact_records (migration 0015, docs/decisions/0135): the company stats read a handful of these
 * rows instead of aggregating every synergy of the period. Both companies of a synergy count it; `saved_minor`
 * is what it received (requester), `revenue_minor` what it earned (provider).
 */
export const company_month_stats = pgTable(
  'company_month_stats',
  {
    company_id: companyId(),
    month: date({ mode: 'string' }).notNull(),
    currency: text().notNull().default(''),
    completed_synergies: integer().notNull().default(0),
    kgs: doublePrecision().notNull().default(0),
    hours: doublePrecision().notNull().default(0),
    co2e_kg: doublePrecision().notNull().default(0),
    saved_minor: bigint({ mode: 'number' }).notNull().default(0),
    revenue_minor: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.month, t.currency] })],
);
