// API keys and webhooks (docs/integrations.md, docs/decisions/0230-0232).
import { z } from './_zod';
import { id, idNameOutput, itemsOutput, pageOutput, pageSize, requiredText } from './_primitives';

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every event a webhook can subscribe to. */
export const WEBHOOK_EVENTS = [
  'offer.received',
  'offer.accepted',
  'offer.rejected',
  'offer.countered',
  'synergy.completed',
  'trip.scheduled',
  'trip.completed',
  'donation.approved',
  'donation.denied',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** The most keys and webhooks one company may hold: enough for any integration, few enough to list on one page. */
export const MAX_API_KEYS = 20;
export const MAX_WEBHOOKS = 10;

export const companyScopedInput = z.object({ company_id: id });

export const createApiKeyInput = z.object({
  company_id: id,
  name: requiredText(100),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(2),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;
export const apiKeyIdInput = z.object({ company_id: id, key_id: id });

export const createWebhookInput = z.object({
  company_id: id,
  url: z.url({ protocol: /^https?$/ }).max(2000),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;
export const webhookIdInput = z.object({ company_id: id, webhook_id: id });
export const deliveriesInput = z.object({
  company_id: id,
  webhook_id: id,
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: pageSize(20),
});
export const deliveryIdInput = z.object({ company_id: id, webhook_id: id, delivery_id: id });

const date = z.date();

export const apiKeyOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the secret, to tell keys apart'),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created: date,
  last_used_at: date.nullable().describe('Updated at most once a minute'),
});
export const apiKeyListOutput = itemsOutput(apiKeyOutput);
export const createdApiKeyOutput = apiKeyOutput
  .pick({ id: true, name: true, prefix: true, scopes: true })
  .extend({ secret: z.string().describe('`sk_live_…`: shown this once; only a hash is kept') });
export type ApiKeyRow = z.infer<typeof apiKeyOutput>;

export const webhookOutput = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabled_at: date.nullable(),
  failing_since: date.nullable(),
  created: date,
});
export const webhookListOutput = itemsOutput(webhookOutput);
export const createdWebhookOutput = webhookOutput
  .pick({ id: true, url: true, events: true })
  .extend({ secret: z.string().describe('`whsec_…`: the signing secret, shown this once') });
export type WebhookRow = z.infer<typeof webhookOutput>;

export const deliveryOutput = z.object({
  id: z.number().int(),
  webhook_id: z.string().describe('The webhook-id header: the same on every attempt'),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_response_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: date.nullable(),
  created: date,
});
export const deliveryListOutput = pageOutput(deliveryOutput);
export type DeliveryRow = z.infer<typeof deliveryOutput>;
export const okOutput = z.object({ success: z.literal(true) });

const offerData = z.object({
  offer_id: z.number().int(),
  listing_id: z.number().int(),
  title: z.string(),
  offering_company: idNameOutput.describe('The company that made the offer'),
  listing_company: idNameOutput.describe("The listing's company"),
});
const tripData = z.object({
  trip_id: z.number().int(),
  synergy_id: z.number().int().nullable(),
  title: z.string(),
  status: z.string(),
  event_date: z.string().nullable(),
  start_time: z.string().nullable(),
  driver_name: z.string().nullable(),
});
const donationData = z.object({ donation_id: z.number().int(), title: z.string(), status: z.string() });

/** What each webhook event's `data` holds (the OpenAPI document's `webhooks` section is built from these). */
export const WEBHOOK_DATA = {
  'offer.received': offerData,
  'offer.accepted': offerData.extend({ synergy_id: z.number().int() }),
  'offer.rejected': offerData.extend({ reason: z.string().nullable() }),
  'offer.countered': offerData.extend({
    by: z.enum(['offerer', 'owner']).describe('The side that countered; the turn is now the other side’s'),
    round: z.number().int(),
    quantity: z.number(),
    unit_price: z.number().nullable().describe('Per unit, in `currency`; null: no price named'),
    currency: z.string().nullable(),
    message: z.string(),
  }),
  'synergy.completed': z.object({
    synergy_id: z.number().int(),
    title: z.string(),
    successful: z.boolean(),
    ended_by_company: idNameOutput,
  }),
  'trip.scheduled': tripData,
  'trip.completed': tripData,
  'donation.approved': donationData,
  'donation.denied': donationData.extend({ reason: z.string().nullable() }),
} as const satisfies Record<WebhookEvent, z.ZodType>;

/** The body of a webhook request (Standard Webhooks) for one event: its type, when it happened, and its data. */
export const webhookPayload = <E extends WebhookEvent>(event: E) =>
  z.object({
    type: z.literal(event),
    timestamp: z.string().describe('ISO 8601, when the event happened'),
    data: WEBHOOK_DATA[event],
  });
