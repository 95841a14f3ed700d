// Synergies (exchanges): list, detail, end, rate (SPEC §3 Synergy, §4, §7).
import { LEVELS_OF_COMPLETION, QUANTITY_UNITS } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { id, idNameOutput, pageNumber, pageOutput, pageSize, pickFields } from './_primitives';
import { driverTripOutput, tripAddressOutput } from './drivers';
import { z } from './_zod';
import { hasAtMostTwoDecimals } from '../lib/money';

/** Money in major units as typed (12.50), at most 2 decimals; stored as integer minor units. */
const money = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
  z
    .number({ error: m('exchange.moneyInvalid') })
    .min(0, m('exchange.moneyNegative'))
    .max(1_000_000_000, m('field.tooLarge', { max: 1_000_000_000 }))
    .refine(hasAtMostTwoDecimals, m('exchange.moneyInvalid')),
);

export const listExchangesInput = z
  .object({
    status: z.enum(LEVELS_OF_COMPLETION).optional(),
    page: pageNumber,
    size: pageSize(),
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
  page: pageNumber,
  size: pageSize(),
});

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** exchanges.companySdgExchanges */
export const companySdgExchangesOutput = z.object({
  items: z.array(z.object({ sdg_id: z.number().int(), code: z.string(), name: z.string(), color: z.string(), exchanges: z.number() })),
  successful_exchanges: z.number(),
});
/** exchanges.companyReviews */
export const companyReviewsOutput = pageOutput(
  z.object({
    id: z.number().int(),
    exchange_id: z.number().int(),
    rating: z.number(),
    review: z.string().nullable(),
    created_at: z.date(),
    reviewer_company_id: z.number().int(),
    reviewer_company_name: z.string(),
    reviewer_first_name: z.string().nullable(),
    reviewer_former: z.boolean(),
    title: z.string().nullable(),
  }),
).extend({ average_rating: z.number().nullable() });
/** The trip as its driver reads it: a synergy's answer sums its trip up in the same fields. */
const driverTrip = driverTripOutput.shape;
/** exchanges.get */
export const getOutput = z.object({
  id: z.number().int(),
  uuid: z.string(),
  offer_id: z.number().int().nullable(),
  material: z.object({ id: z.number().int(), title: z.string().nullable() }).nullable(),
  item_requested: z.string().nullable(),
  request_message: z.string().nullable(),
  quantity: z.number(),
  quantity_unit: z.enum(QUANTITY_UNITS),
  unit_price: z.number().nullable(),
  unit_price_minor: z.number().nullable(),
  price_currency: z.string().nullable(),
  agreed_total: z.number().nullable(),
  requesting_company: idNameOutput,
  providing_company: idNameOutput,
  created_at: z.date(),
  completed_at: z.date().nullable(),
  status: z.enum(['successful', 'in_progress', 'unsuccessful']),
  level_of_completion: z.enum(LEVELS_OF_COMPLETION),
  successful: z.boolean().nullable(),
  earnings: z.number().nullable(),
  savings: z.number().nullable(),
  earnings_minor: z.number().nullable(),
  savings_minor: z.number().nullable(),
  currency: z.string().nullable(),
  chat_id: z.number().int().nullable(),
  read_only: z.boolean(),
  ratings: z.array(z.object({ company_id: z.number().int(), rating: z.number(), review: z.string().nullable(), created_at: z.date() })),
  impact: z.object({ kg: z.number().nullable(), hours: z.number().nullable(), co2e_kg: z.number().nullable(), factor_set: z.string() }).nullable(),
  transport: z.object({ trips: z.number(), actual_distance_km: z.number(), actual_duration_min: z.number(), co2e_kg: z.number() }),
  trip: z
    .object({
      ...pickFields(driverTrip, ['id', 'status', 'phase']),
      ...pickFields(driverTrip.calendar_event.shape, ['event_date', 'start_time']),
      ...pickFields(driverTrip, ['estimated_duration', 'estimated_distance']),
      driver: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
      vehicle: z
        .object({ id: z.number().int(), vehicle_number: z.string().nullable(), make: z.string().nullable(), model: z.string().nullable() })
        .nullable(),
      pickup_address: tripAddressOutput,
      dropoff_address: tripAddressOutput,
      delivery_started_at: z.date().nullable(),
    })
    .nullable(),
  open_trips: z.number(),
  side: z.enum(['provider', 'requester']).nullable(),
  can_end: z.boolean(),
  can_rate: z.boolean(),
});
/** exchanges.end */
export const endOutput = getOutput;
/** exchanges.rate */
export const rateOutput = getOutput;
/** exchanges.list */
export const listOutput = pageOutput(rateOutput);
