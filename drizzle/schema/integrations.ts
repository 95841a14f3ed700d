import { bigint, bigserial, boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, ts } from './_columns';
import { companyId } from './companies';
import { userId, users } from './users';

export type ApiKeyScope = 'read' | 'write';
export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/**
 * A company's API keys (docs/decisions/0230). Only a SHA-256 of the secret is kept: the secret is shown once, at
 * creation. Revoking deletes the row, and every request looks its key up, so a revoked key fails on every
 * instance at once.
 */
export const api_keys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    company_id: companyId(),
    /** The manager who made it: requests with the key act as this user of the company. */
    created_by: userId(),
    name: text().notNull(),
    /** The secret's first characters, shown in lists so a person can tell keys apart. */
    prefix: text().notNull(),
    secret_hash: text().notNull(),
    scopes: text().array().$type<ApiKeyScope[]>().notNull(),
    created_at: createdAt(),
    last_used_at: ts(),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_idx').on(t.secret_hash), index('api_keys_company_idx').on(t.company_id)],
);

/** A company's webhook endpoints (Standard Webhooks; docs/decisions/0231). */
export const webhook_endpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial().primaryKey(),
    company_id: companyId(),
    url: text().notNull(),
    events: text().array().notNull(),
    /** `whsec_` + base64: the signing key must be readable to sign, so it is kept as it is (shown to people once). */
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** The first failed delivery since the last success; failing for 3 days disables the endpoint. */
    failing_since: ts(),
    disabled_at: ts(),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.company_id)],
);

/** One event for one endpoint: sent by a `webhook-delivery` job, retried with the same `msg_id` (webhook-id). */
export const webhook_deliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    endpoint_id: ownedBy(() => webhook_endpoints.id),
    /** The webhook-id header: the same on every attempt, so receivers can deduplicate. */
    msg_id: text().notNull(),
    event_type: text().notNull(),
    /** The exact JSON body sent on every attempt, `{type, timestamp, data}` (text: jsonb would reorder its keys). */
    body: text().notNull(),
    status: text().$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    last_status_code: integer(),
    last_error: text(),
    last_attempt_at: ts(),
    /** The queue job that sends it now (a manual retry enqueues a new one). */
    job_id: bigint({ mode: 'number' }),
    created_at: createdAt(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpoint_id, t.id), uniqueIndex('webhook_deliveries_msg_idx').on(t.msg_id)],
);
