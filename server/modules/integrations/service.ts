// API keys and webhooks of a company (docs/integrations.md): the manager makes and revokes keys, registers
// webhook endpoints and follows their deliveries. Events reach endpoints through `emitWebhook`, called by the
// listeners in events.ts inside the transaction of the change that raised them.
import type { Deps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { enqueue, enqueueMany } from '../../jobs/queue';
import type { CompanyActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { MAX_API_KEYS, MAX_WEBHOOKS, type CreateApiKeyInput, type CreateWebhookInput, type WebhookEvent } from '../../../shared/schemas/integrations';
import { WEBHOOK_DELIVERY } from './delivery';
import * as repo from './repo';
import { apiKeyPrefix, hashApiKey, newApiKeySecret, newMessageId, newWebhookSecret } from './signing';
import { checkWebhookUrl } from './url';

/** Another company's keys and webhooks answer 404, as every other company's object does. */
function own(actor: CompanyActor, company_id: number) {
  if (actor.company_id !== company_id) throw new AppError('NOT_FOUND');
}

export async function createApiKey(deps: Deps, actor: CompanyActor, input: CreateApiKeyInput) {
  own(actor, input.company_id);
  if ((await repo.countKeys(deps.db, actor.company_id)) >= MAX_API_KEYS)
    throw new AppError('CONFLICT', { fields: { name: { code: 'field.tooMany', params: { max: MAX_API_KEYS } } } });
  const secret = newApiKeySecret();
  const scopes = [...new Set(input.scopes)].sort();
  const prefix = apiKeyPrefix(secret);
  const id = await repo.insertKey(deps.db, {
    company_id: actor.company_id,
    created_by: actor.user_id,
    name: input.name,
    prefix,
    secret_hash: hashApiKey(secret),
    scopes,
  });
  return { id, name: input.name, prefix, scopes, secret };
}

/** The key a secret belongs to (none once revoked): looked up by the secret's hash. */
export const findApiKey = (db: DbOrTx, secret: string) => repo.findKeyByHash(db, hashApiKey(secret));
export const touchApiKey = (db: DbOrTx, id: number) => repo.touchKey(db, id);

export async function listApiKeys(deps: Deps, actor: CompanyActor, input: { company_id: number }) {
  own(actor, input.company_id);
  return { items: await repo.listKeys(deps.db, actor.company_id) };
}

export async function revokeApiKey(deps: Deps, actor: CompanyActor, input: { company_id: number; key_id: number }) {
  own(actor, input.company_id);
  if (!(await repo.deleteKey(deps.db, actor.company_id, input.key_id))) throw new AppError('NOT_FOUND');
  return { success: true as const };
}

export async function createWebhook(deps: Deps, actor: CompanyActor, input: CreateWebhookInput) {
  own(actor, input.company_id);
  const url = checkWebhookUrl(deps.env, input.url).toString();
  if ((await repo.countEndpoints(deps.db, actor.company_id)) >= MAX_WEBHOOKS)
    throw new AppError('CONFLICT', { fields: { url: { code: 'field.tooMany', params: { max: MAX_WEBHOOKS } } } });
  const events = [...new Set(input.events)];
  const secret = newWebhookSecret();
  const id = await repo.insertEndpoint(deps.db, { company_id: actor.company_id, created_by: actor.user_id, url, events, secret });
  return { id, url, events, secret };
}

export async function listWebhooks(deps: Deps, actor: CompanyActor, input: { company_id: number }) {
  own(actor, input.company_id);
  const rows = await repo.listEndpoints(deps.db, actor.company_id);
  return { items: rows.map((r) => ({ ...r, events: r.events as WebhookEvent[] })) };
}

export async function deleteWebhook(deps: Deps, actor: CompanyActor, input: { company_id: number; webhook_id: number }) {
  own(actor, input.company_id);
  if (!(await repo.deleteEndpoint(deps.db, actor.company_id, input.webhook_id))) throw new AppError('NOT_FOUND');
  return { success: true as const };
}

async function endpointOf(db: DbOrTx, actor: CompanyActor, input: { company_id: number; webhook_id: number }) {
  own(actor, input.company_id);
  const endpoint = await repo.findEndpoint(db, actor.company_id, input.webhook_id);
  if (!endpoint) throw new AppError('NOT_FOUND');
  return endpoint;
}

export async function listDeliveries(deps: Deps, actor: CompanyActor, input: { company_id: number; webhook_id: number; page: number; size: number }) {
  const endpoint = await endpointOf(deps.db, actor, input);
  const { items, total } = await repo.listDeliveries(deps.db, endpoint.id, input.page, input.size);
  return { items, total, totalPages: Math.ceil(total / input.size), currentPage: input.page };
}

/** Sends a delivery again with the same webhook-id, as a new job; 409 while one is still waiting or running. */
export async function retryDelivery(deps: Deps, actor: CompanyActor, input: { company_id: number; webhook_id: number; delivery_id: number }) {
  return deps.db.transaction(async (tx) => {
    const endpoint = await endpointOf(tx, actor, input);
    const delivery = await repo.findDelivery(tx, endpoint.id, input.delivery_id);
    if (!delivery) throw new AppError('NOT_FOUND');
    if (!endpoint.enabled) throw new AppError('CONFLICT', { message: { code: 'integration.endpointDisabled' } });
    if (delivery.status === 'pending') throw new AppError('CONFLICT', { message: { code: 'integration.deliveryPending' } });
    const job = await enqueue(tx, WEBHOOK_DELIVERY, { msg_id: delivery.webhook_id });
    await repo.requeueDelivery(tx, delivery.id, job.id);
    return { ...delivery, status: 'pending' as const };
  });
}

/**
 * Queues the event for every enabled endpoint of these companies that subscribes to it, in the caller's
 * transaction: the deliveries and their jobs exist exactly when the event does.
 */
export async function emitWebhook(tx: Tx, companyIds: readonly number[], type: WebhookEvent, data: Record<string, unknown>, at = new Date()) {
  const ids = [...new Set(companyIds.filter((id): id is number => typeof id === 'number'))];
  if (!ids.length) return;
  const endpoints = await repo.subscribedEndpoints(tx, ids, type);
  if (!endpoints.length) return;
  const body = JSON.stringify({ type, timestamp: at.toISOString(), data });
  const msgIds = endpoints.map(() => newMessageId());
  const jobIds = await enqueueMany(
    tx,
    WEBHOOK_DELIVERY,
    msgIds.map((msg_id) => ({ msg_id })),
  );
  await repo.insertDeliveries(
    tx,
    endpoints.map((e, i) => ({ endpoint_id: e.id, msg_id: msgIds[i]!, event_type: type, body, job_id: jobIds[i]! })),
  );
}
