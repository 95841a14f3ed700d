// Sending one webhook delivery: a `webhook-delivery` job on the one queue (server/jobs/queue.ts). The job is
// enqueued in the transaction of the event, so a delivery exists exactly when its event commits; the queue
// retries it with the backoff below (same webhook-id every time: at least once), and a failed one can be sent
// again by hand. An endpoint that has failed for 3 days is disabled and its managers are told.
import http from 'node:http';
import https from 'node:https';
import type { Db } from '../../db/client';
import { defineJob, describeError, handler, PermanentJobError } from '../../jobs/queue';
import * as notifications from '../notifications/service';
import * as repo from './repo';
import { signWebhook } from './signing';
import { guardedLookup, type WebhookUrlEnv } from './url';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/**
 * Retries after 5 s, 5 min, 30 min, 2 h, 8 h, 8 h and the rest of the day: eight attempts over 24 hours, then
 * the delivery is failed (a person can still send it again from the deliveries list).
 */
export const WEBHOOK_BACKOFF = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  8 * HOUR,
  8 * HOUR,
  24 * HOUR - (5 * SECOND + 5 * MINUTE + 30 * MINUTE + 2 * HOUR + 16 * HOUR),
];
/** A receiver must answer within this time; an answer that takes longer counts as a failure. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** An endpoint whose deliveries have failed (with no success between) for this long is disabled. */
export const DISABLE_AFTER_DAYS = 3;
/** The part of a receiver's answer kept for the deliveries list. */
const KEEP_ERROR = 200;

export const WEBHOOK_DELIVERY = defineJob<{ msg_id: string }>({
  type: 'webhook-delivery',
  backoff: WEBHOOK_BACKOFF,
  timeoutMs: WEBHOOK_TIMEOUT_MS + 5_000,
});

interface Answer {
  status: number;
  text: string;
}

/** One POST; redirects are answers like any other (never followed), the body read up to a few hundred bytes. */
export function postWebhook(env: WebhookUrlEnv, url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const lib = target.protocol === 'https:' ? https : http;
    const req = lib.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'SynergyMarketplace-Webhooks/1',
        },
        lookup: guardedLookup(env) as never,
        signal: AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < KEEP_ERROR) text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: text.slice(0, KEEP_ERROR) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function sendDelivery(
  db: Db,
  env: WebhookUrlEnv,
  ctx: { msg_id: string; lastAttempt: boolean; signal: AbortSignal },
): Promise<{ status: number } | { skipped: string }> {
  const d = await repo.deliveryToSend(db, ctx.msg_id);
  if (!d) throw new PermanentJobError(`no webhook delivery ${ctx.msg_id}`);
  if (!d.enabled) {
    await repo.recordAttempt(db, d.id, { status: 'failed', code: null, error: 'The webhook is disabled.' });
    return { skipped: 'disabled' };
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'webhook-id': d.msg_id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(d.secret, d.msg_id, timestamp, d.body),
  };
  let answer: Answer | null = null;
  let failure: string | null = null;
  try {
    answer = await postWebhook(env, d.url, headers, d.body, ctx.signal);
    if (answer.status < 200 || answer.status > 299) failure = `HTTP ${answer.status}${answer.text ? `: ${answer.text}` : ''}`;
  } catch (err) {
    failure = describeError(err);
  }
  if (failure === null) {
    await db.transaction(async (tx) => {
      await repo.recordAttempt(tx, d.id, { status: 'succeeded', code: answer!.status, error: null });
      await repo.markEndpointHealthy(tx, d.endpoint_id);
    });
    return { status: answer!.status };
  }
  const disabled = await db.transaction(async (tx) => {
    await repo.recordAttempt(tx, d.id, { status: ctx.lastAttempt ? 'failed' : 'pending', code: answer?.status ?? null, error: failure });
    const result = await repo.markEndpointFailing(tx, d.endpoint_id, DISABLE_AFTER_DAYS);
    if (!result.disabled) return false;
    await repo.failPendingOfEndpoint(tx, d.endpoint_id);
    await notifications.notify(tx, {
      user_ids: await repo.companyManagerIds(tx, result.company_id),
      type: 'dashboard',
      code: 'notification.webhookDisabled',
      params: { url: result.url },
      link: '/account/manager-panel/integrations',
    });
    return true;
  });
  // A disabled endpoint gets no more attempts: the job ends here, its delivery marked failed.
  if (disabled) return { skipped: 'disabled now' };
  throw new Error(failure);
}

export const webhookDeliveryHandler = (env: WebhookUrlEnv) =>
  handler(WEBHOOK_DELIVERY, ({ db, job, lastAttempt, signal }) => sendDelivery(db, env, { msg_id: job.payload.msg_id, lastAttempt, signal }));
