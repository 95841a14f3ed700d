// Data access for API keys, webhook endpoints and their deliveries: `fn(db | tx, params)`, explicit columns.
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { api_keys, users, webhook_deliveries, webhook_endpoints, type ApiKeyScope } from '../../../drizzle/schema';
import type { DbOrTx } from '../../db/client';
import { firstRow } from '../../db/rows';

/** What a company owns here, each row scoped by its `company_id`: API keys and webhook endpoints. */
type CompanyOwned = typeof api_keys | typeof webhook_endpoints;

async function countOwned(db: DbOrTx, t: CompanyOwned, company_id: number) {
  const [row] = await db.select({ n: count() }).from(t).where(eq(t.company_id, company_id));
  return row!.n;
}

/** Deletes one of the company's rows; false when the company has no row with that id. */
async function deleteOwned(db: DbOrTx, t: CompanyOwned, company_id: number, id: number) {
  const rows = await db
    .delete(t)
    .where(and(eq(t.id, id), eq(t.company_id, company_id)))
    .returning({ id: t.id });
  return rows.length > 0;
}

const keyColumns = {
  id: api_keys.id,
  name: api_keys.name,
  prefix: api_keys.prefix,
  scopes: api_keys.scopes,
  created: api_keys.created_at,
  last_used_at: api_keys.last_used_at,
};

export async function insertKey(
  db: DbOrTx,
  v: { company_id: number; created_by: number; name: string; prefix: string; secret_hash: string; scopes: ApiKeyScope[] },
) {
  const [row] = await db.insert(api_keys).values(v).returning({ id: api_keys.id });
  return row!.id;
}

export const listKeys = (db: DbOrTx, company_id: number) =>
  db.select(keyColumns).from(api_keys).where(eq(api_keys.company_id, company_id)).orderBy(desc(api_keys.id));

export const countKeys = (db: DbOrTx, company_id: number) => countOwned(db, api_keys, company_id);

export const deleteKey = (db: DbOrTx, company_id: number, id: number) => deleteOwned(db, api_keys, company_id, id);

export async function findKeyByHash(db: DbOrTx, secret_hash: string) {
  return firstRow(
    db
      .select({
        id: api_keys.id,
        company_id: api_keys.company_id,
        created_by: api_keys.created_by,
        scopes: api_keys.scopes,
        last_used_at: api_keys.last_used_at,
      })
      .from(api_keys)
      .where(eq(api_keys.secret_hash, secret_hash)),
  );
}

/** Marks the key used, unless it was marked less than a minute ago (one write a minute per key at most). */
export async function touchKey(db: DbOrTx, id: number) {
  await db
    .update(api_keys)
    .set({ last_used_at: sql`now()` })
    .where(and(eq(api_keys.id, id), or(isNull(api_keys.last_used_at), sql`${api_keys.last_used_at} < now() - interval '1 minute'`)));
}

const endpointColumns = {
  id: webhook_endpoints.id,
  url: webhook_endpoints.url,
  events: webhook_endpoints.events,
  enabled: webhook_endpoints.enabled,
  disabled_at: webhook_endpoints.disabled_at,
  failing_since: webhook_endpoints.failing_since,
  created: webhook_endpoints.created_at,
};

export async function insertEndpoint(db: DbOrTx, v: { company_id: number; created_by: number; url: string; events: string[]; secret: string }) {
  const [row] = await db.insert(webhook_endpoints).values(v).returning({ id: webhook_endpoints.id });
  return row!.id;
}

export const listEndpoints = (db: DbOrTx, company_id: number) =>
  db.select(endpointColumns).from(webhook_endpoints).where(eq(webhook_endpoints.company_id, company_id)).orderBy(desc(webhook_endpoints.id));

export const countEndpoints = (db: DbOrTx, company_id: number) => countOwned(db, webhook_endpoints, company_id);

export async function findEndpoint(db: DbOrTx, company_id: number, id: number) {
  return firstRow(
    db
      .select(endpointColumns)
      .from(webhook_endpoints)
      .where(and(eq(webhook_endpoints.id, id), eq(webhook_endpoints.company_id, company_id))),
  );
}

export const deleteEndpoint = (db: DbOrTx, company_id: number, id: number) => deleteOwned(db, webhook_endpoints, company_id, id);

/** The enabled endpoints of these companies that subscribe to the event. */
export const subscribedEndpoints = (db: DbOrTx, companyIds: readonly number[], event: string) =>
  db
    .select({ id: webhook_endpoints.id })
    .from(webhook_endpoints)
    .where(
      and(
        inArray(webhook_endpoints.company_id, [...companyIds]),
        eq(webhook_endpoints.enabled, true),
        sql`${event} = any(${webhook_endpoints.events})`,
      ),
    );

export async function insertDeliveries(
  db: DbOrTx,
  rows: { endpoint_id: number; msg_id: string; event_type: string; body: string; job_id: number }[],
) {
  if (rows.length) await db.insert(webhook_deliveries).values(rows);
}

const deliveryColumns = {
  id: webhook_deliveries.id,
  webhook_id: webhook_deliveries.msg_id,
  event_type: webhook_deliveries.event_type,
  status: webhook_deliveries.status,
  attempts: webhook_deliveries.attempts,
  last_response_code: webhook_deliveries.last_status_code,
  last_error: webhook_deliveries.last_error,
  last_attempt_at: webhook_deliveries.last_attempt_at,
  created: webhook_deliveries.created_at,
};

export async function listDeliveries(db: DbOrTx, endpoint_id: number, page: number, size: number) {
  const [items, [total]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhook_deliveries)
      .where(eq(webhook_deliveries.endpoint_id, endpoint_id))
      .orderBy(desc(webhook_deliveries.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(webhook_deliveries).where(eq(webhook_deliveries.endpoint_id, endpoint_id)),
  ]);
  return { items, total: total!.n };
}

export async function findDelivery(db: DbOrTx, endpoint_id: number, id: number) {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhook_deliveries)
    .where(and(eq(webhook_deliveries.id, id), eq(webhook_deliveries.endpoint_id, endpoint_id)))
    .for('update');
  return row ?? null;
}

export async function requeueDelivery(db: DbOrTx, id: number, job_id: number) {
  await db.update(webhook_deliveries).set({ status: 'pending', job_id }).where(eq(webhook_deliveries.id, id));
}

/** A delivery with what sending it needs: its endpoint's address, secret and state. */
export async function deliveryToSend(db: DbOrTx, msg_id: string) {
  return firstRow(
    db
      .select({
        id: webhook_deliveries.id,
        msg_id: webhook_deliveries.msg_id,
        body: webhook_deliveries.body,
        status: webhook_deliveries.status,
        endpoint_id: webhook_endpoints.id,
        company_id: webhook_endpoints.company_id,
        url: webhook_endpoints.url,
        secret: webhook_endpoints.secret,
        enabled: webhook_endpoints.enabled,
      })
      .from(webhook_deliveries)
      .innerJoin(webhook_endpoints, eq(webhook_endpoints.id, webhook_deliveries.endpoint_id))
      .where(eq(webhook_deliveries.msg_id, msg_id)),
  );
}

export async function recordAttempt(
  db: DbOrTx,
  id: number,
  v: { status: 'pending' | 'succeeded' | 'failed'; code: number | null; error: string | null },
) {
  await db
    .update(webhook_deliveries)
    .set({
      status: v.status,
      attempts: sql`${webhook_deliveries.attempts} + 1`,
      last_status_code: v.code,
      last_error: v.error,
      last_attempt_at: sql`now()`,
    })
    .where(eq(webhook_deliveries.id, id));
}

export async function markEndpointHealthy(db: DbOrTx, id: number) {
  await db
    .update(webhook_endpoints)
    .set({ failing_since: null })
    .where(and(eq(webhook_endpoints.id, id), sql`${webhook_endpoints.failing_since} is not null`));
}

/**
 * Notes a failure: the endpoint is failing since its first failure after the last success. Returns true when it
 * has now failed for `days` and was disabled by this call (so its managers are told once).
 */
export async function markEndpointFailing(db: DbOrTx, id: number, days: number): Promise<{ disabled: boolean; url: string; company_id: number }> {
  await db
    .update(webhook_endpoints)
    .set({ failing_since: sql`coalesce(${webhook_endpoints.failing_since}, now())` })
    .where(eq(webhook_endpoints.id, id));
  const [row] = await db
    .update(webhook_endpoints)
    .set({ enabled: false, disabled_at: sql`now()` })
    .where(
      and(
        eq(webhook_endpoints.id, id),
        eq(webhook_endpoints.enabled, true),
        sql`${webhook_endpoints.failing_since} <= now() - ${days} * interval '1 day'`,
      ),
    )
    .returning({ url: webhook_endpoints.url, company_id: webhook_endpoints.company_id });
  return row ? { disabled: true, ...row } : { disabled: false, url: '', company_id: 0 };
}

export async function failPendingOfEndpoint(db: DbOrTx, endpoint_id: number) {
  await db
    .update(webhook_deliveries)
    .set({ status: 'failed', last_error: 'The webhook was disabled.' })
    .where(and(eq(webhook_deliveries.endpoint_id, endpoint_id), eq(webhook_deliveries.status, 'pending')));
}

export async function companyManagerIds(db: DbOrTx, company_id: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.company_id, company_id), eq(users.role, 'MANAGER'), isNull(users.deleted_at), isNull(users.disabled_at)));
  return rows.map((r) => r.id);
}
