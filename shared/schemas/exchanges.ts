// Synergies (exchanges): list, detail, end, rate (SPEC §3 Synergy, §4, §7; issue 9 contract).
import { LEVELS_OF_COMPLETION } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { id } from './_primitives';
import { z } from './_zod';

/** Money in major units as typed (12.50), at most 2 decimals; stored as integer minor units. */
const money = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
  z
    .number({ error: m('exchange.moneyInvalid') })
    .min(0, m('exchange.moneyNegative'))
    .max(1_000_000_000, m('field.tooLarge', { max: 1_000_000_000 }))
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, m('exchange.moneyInvalid')),
);

export const listExchangesInput = z
  .object({
    status: z.enum(LEVELS_OF_COMPLETION).optional(),
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(100).default(LIMITS.defaultPageSize),
  })
  .default({ page: 0, size: LIMITS.defaultPageSize });
export type ListExchangesInput = z.output<typeof listExchangesInput>;

export const exchangeIdInput = z.object({ id });

/** PUT api/exchanges/{id}: ends the synergy (either company, once). */
export const endExchangeInput = z.object({
  id,
  level_of_completion: z.literal('COMPLETED', { error: m('exchange.onlyCompleted') }),
  successful: z.boolean(),
  earnings: money.optional(),
  savings: money.optional(),
});
export type EndExchangeInput = z.output<typeof endExchangeInput>;

/** POST api/exchanges/{id}/feedback: 1 to 5 stars and a review, once per company after completion. */
export const rateExchangeInput = z.object({
  id,
  rating: z.coerce
    .number({ error: m('exchange.ratingRange') })
    .int(m('exchange.ratingRange'))
    .min(1, m('exchange.ratingRange'))
    .max(5, m('exchange.ratingRange')),
  review: z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(LIMITS.aboutMax).default('')),
});
export type RateExchangeInput = z.output<typeof rateExchangeInput>;

/** GET api/companies/{id}/sdg-exchanges. */
export const companySdgExchangesInput = z.object({ id });

export const companyReviewsInput = z.object({
  id,
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(LIMITS.defaultPageSize),
});
