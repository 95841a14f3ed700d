// Offers on a listing (SPEC §3, §4, §7; issue 9 contract): make, edit, withdraw, accept or reject.
import { OFFER_STATUSES } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { id } from './_primitives';
import { z } from './_zod';

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

export const createOfferInput = z.object({ material_id: id, quantity: offerQuantity, message });
export type CreateOfferInput = z.output<typeof createOfferInput>;

/** PUT api/offers: the offerer changes quantity and/or message while the offer is pending. */
export const updateOfferInput = z.object({ id, quantity: offerQuantity.optional(), message: message.optional() });
export type UpdateOfferInput = z.output<typeof updateOfferInput>;

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
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(100).default(LIMITS.defaultPageSize),
  })
  .default({ page: 0, size: LIMITS.defaultPageSize });
export type ListOffersInput = z.output<typeof listOffersInput>;

export const pendingOffersInput = z
  .object({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(100).default(LIMITS.defaultPageSize),
  })
  .default({ page: 0, size: LIMITS.defaultPageSize });

export const offerIdInput = z.object({ id });
