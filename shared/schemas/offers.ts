// Offers on a listing (SPEC §3, §4, §7): make, edit, withdraw, accept or reject.
import { LISTING_STATUSES, OFFER_STATUSES, QUANTITY_UNITS } from '../constants/enums';
import { OFFER_ACTIONS, OFFER_SIDES } from '../machines/offer';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { id, idNameOutput, pagedInput, pageNumber, pageOutput, pageSize, timestampFields } from './_primitives';
import { z } from './_zod';
import { currency } from './users';
import { hasAtMostTwoDecimals } from '../lib/money';

/** Whole units of the listing (kg, hours or m²), at least 1; "12" from a form counts as 12. */
export const offerQuantity = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? m('field.required') : m('field.wholeNumber')) })
    .int(m('field.wholeNumber'))
    .min(1, m('offer.quantityTooSmall'))
    .max(2_147_483_647, m('field.wholeNumber')),
);
const message = z
  .string()
  .trim()
  .min(1, { error: m('field.required'), abort: true })
  .max(LIMITS.messageMax);

/** A price per unit in major units as typed (12.50): not negative, at most 2 decimals; stored as integer minor units. */
export const unitPrice = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim().replace(',', '.'))) : v === null ? undefined : v),
  // Optional inside the preprocess: an empty box (a form's '') reads as no price, not as an invalid one.
  z
    .number({ error: m('offer.priceInvalid') })
    .min(0, m('offer.priceNegative'))
    .max(10_000_000, m('field.tooLarge', { max: 10_000_000 }))
    .refine(hasAtMostTwoDecimals, m('offer.priceInvalid'))
    .optional(),
);

export const createOfferInput = z.object({
  material_id: id,
  /** Part of the listing (one of its sub-listings); none: the listing as a whole. */
  sub_listing_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional()),
  quantity: offerQuantity,
  message,
  /** Price per unit of the listing; none: the offer names no price. */
  unit_price: unitPrice,
  /** ISO 4217; default: the offerer's preferred currency (the user's, else the company's, else EUR). */
  currency: z.preprocess((v) => (v === '' || v === null ? undefined : v), currency.optional()),
});
export type CreateOfferInput = z.output<typeof createOfferInput>;

/** PUT api/offers: the offerer changes quantity and/or message while the offer is pending. */
export const updateOfferInput = z.object({ id, quantity: offerQuantity.optional(), message: message.optional() });
export type UpdateOfferInput = z.output<typeof updateOfferInput>;

/**
 * POST api/offers/{id}/counter: the side whose turn it is proposes other terms. An absent quantity or price keeps
 * the one on the table; the currency stays the offer's.
 */
export const counterOfferInput = z.object({ id, quantity: offerQuantity.optional(), unit_price: unitPrice, message });
export type CounterOfferInput = z.output<typeof counterOfferInput>;

export const OFFER_DECISIONS = ['accept', 'reject'] as const;
export const reviewOfferInput = z.object({
  id,
  decision: z.enum(OFFER_DECISIONS),
  reason: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().trim().max(LIMITS.messageMax).optional()),
});
export type ReviewOfferInput = z.output<typeof reviewOfferInput>;

export const OFFER_DIRECTIONS = ['made', 'received'] as const;
export type OfferDirection = (typeof OFFER_DIRECTIONS)[number];
export const listOffersInput = z
  .object({
    direction: z.enum(OFFER_DIRECTIONS).optional(),
    /** Only offers on this listing (the listing page shows the company's own pending offer). */
    material_id: id.optional(),
    status: z.enum(OFFER_STATUSES).optional(),
    page: pageNumber,
    size: pageSize(),
  })
  .default({ page: 0, size: LIMITS.defaultPageSize });
export type ListOffersInput = z.output<typeof listOffersInput>;

export const pendingOffersInput = pagedInput();

export const offerIdInput = z.object({ id });

// ---- what the offer procedures answer (documented in the OpenAPI document, checked against real answers) ----

/** One offer as one of its two companies sees it. */
export const offerOutput = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: z.enum(OFFER_STATUSES),
  quantity: z.number().describe('The terms on the table now (the agreed ones once accepted): the last move’s quantity'),
  unit_price: z.number().nullable().describe('Price per unit of the last move, in `currency`; null: no price named'),
  unit_price_minor: z.number().int().nullable(),
  currency: z.string().nullable(),
  round: z.number().int().describe('Moves so far, the offer itself being 1'),
  max_rounds: z.number().int(),
  last_move_by: z.enum(OFFER_SIDES),
  turn: z.enum(OFFER_SIDES).nullable().describe('Whose move it is while the offer is open; null once it is closed'),
  rounds: z
    .array(
      z.object({
        round: z.number().int(),
        by: z.enum(OFFER_SIDES),
        quantity: z.number(),
        unit_price: z.number().nullable(),
        unit_price_minor: z.number().int().nullable(),
        currency: z.string().nullable(),
        message: z.string().nullable(),
        at: z.date(),
      }),
    )
    .describe('Every move, oldest first: the offer (round 1) and each counter'),
  message: z.string().nullable(),
  review_reason: z.string().nullable(),
  ...timestampFields,
  reviewed_at: z.date().nullable(),
  direction: z.enum(OFFER_DIRECTIONS).describe('made: by the caller’s company; received: on its listing'),
  material: z.object({
    id: z.number().int(),
    title: z.string(),
    quantity: z.number(),
    reserved_quantity: z.number(),
    available_quantity: z.number(),
    quantity_unit: z.enum(QUANTITY_UNITS),
    status: z.enum(LISTING_STATUSES),
  }),
  sub_listing: z.object({ id: z.number().int(), title: z.string(), quantity: z.number(), reserved_quantity: z.number() }).nullable(),
  available_quantity: z.number().describe('What is left now of what the offer asks from'),
  offering_company: idNameOutput,
  listing_company: idNameOutput,
  exchange_id: z.number().int().nullable().describe('The synergy an accepted offer started'),
  actions: z.array(z.enum(OFFER_ACTIONS)).describe('What the caller’s company may do with it now'),
});
export const offerPageOutput = pageOutput(offerOutput);
