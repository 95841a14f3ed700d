import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OfferStatus } from '../../shared/constants/enums';
import type { OfferSide } from '../../shared/machines/offer';
import { createdAt, ownedBy, publicUuid, timestamps, ts } from './_columns';
import { companyId } from './companies';
import { materialId, sub_listings } from './materials';
import { users } from './users';

export const offers = pgTable(
  'offers',
  {
    id: serial().primaryKey(),
    uuid: publicUuid(),
    material_id: materialId(),
    company_id: companyId(),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * The part of the listing asked for, when the offer names one: it reserves from the sub-listing and the listing
     * alike. An edit cannot remove a sub-listing a pending or reserving offer names; others keep the offer, unnamed.
     */
    sub_listing_id: integer().references(() => sub_listings.id, { onDelete: 'set null' }),
    message: text().notNull(),
    /** The terms on the table now: the last move's quantity and price (the accepted terms once accepted). */
    quantity: integer().notNull(),
    /** Price per unit in minor units of `currency`; null: the offer names no price. */
    unit_price_minor: integer(),
    currency: text(),
    /** How many moves the negotiation has had: 1 for the offer itself, one more per counter (at most 5). */
    round: smallint().notNull().default(1),
    /** Who made the last move: the other side's turn. */
    last_move_by: text().$type<OfferSide>().notNull().default('offerer'),
    status: text().$type<OfferStatus>().notNull().default('pending'),
    reviewed_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: ts(),
    /** Why the listing's company rejected the offer (optional). */
    review_reason: text(),
    ...timestamps(),
  },
  (t) => [
    index('offers_material_idx').on(t.material_id, t.status),
    index('offers_company_idx').on(t.company_id, t.status),
    index('offers_sub_listing_idx')
      .on(t.sub_listing_id)
      .where(sql`${t.sub_listing_id} is not null`),
    // One open offer (pending or under negotiation) per company and listing, enforced by the database so two tabs
    // cannot race past it.
    uniqueIndex('offers_one_open')
      .on(t.material_id, t.company_id)
      .where(sql`${t.status} in ('pending', 'countered')`),
  ],
);

/** Every move of an offer's negotiation, the offer itself being round 1 (GET api/offers/{id} `rounds`). */
export const offer_rounds = pgTable(
  'offer_rounds',
  {
    id: serial().primaryKey(),
    offer_id: ownedBy(() => offers.id),
    round: smallint().notNull(),
    by: text().$type<OfferSide>().notNull(),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    quantity: integer().notNull(),
    unit_price_minor: integer(),
    currency: text(),
    message: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('offer_rounds_offer_round').on(t.offer_id, t.round)],
);
