// Rate limits shared by every instance: fixed windows counted in Postgres (one upsert per attempt), so a
// burst spread over instances, transports (REST and tRPC) or parallel requests is counted once.
// Login throttling (modules/auth/throttle.ts) and the per-procedure limits below both count here.
import { sql, type SQL } from 'drizzle-orm';
import { auth_throttle } from '../../drizzle/schema';
import type { DbOrTx } from '../db/client';
import { AppError } from './errors';

/**
 * Counts one attempt on `key` (a new window starts when the old one has passed) and refuses with 429 and
 * Retry-After once the key has used `max` attempts in its window.
 */
export async function takeAttempt(db: DbOrTx, key: string, max: number, windowMs: number, now = new Date()): Promise<void> {
  await takeAttempts(db, [{ key, max }], windowMs, now);
}

/**
 * An existing counter taking one more attempt (the SET of its upsert): a new window at `now` when the old one
 * has passed, else one more in it. Raw SQL parameters go as ISO strings: postgres-js cannot serialise a Date
 * inside sql``.
 */
export function countedAttempt(windowMs: number, now: Date): { failures: SQL; window_started_at: SQL } {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  return {
    failures: sql`case when ${auth_throttle.window_started_at} < ${windowStart} then 1 else ${auth_throttle.failures} + 1 end`,
    window_started_at: sql`case when ${auth_throttle.window_started_at} < ${windowStart} then ${nowSql} else ${auth_throttle.window_started_at} end`,
  };
}

/**
 * `takeAttempt` on several keys of one window at once, in one statement (one round trip): every key counts the
 * attempt, and it is refused if any key is past its `max`, with the longest Retry-After among those.
 */
export async function takeAttempts(db: DbOrTx, keys: readonly { key: string; max: number }[], windowMs: number, now = new Date()): Promise<void> {
  const rows = await db
    .insert(auth_throttle)
    .values(keys.map(({ key }) => ({ key, failures: 1, window_started_at: now })))
    .onConflictDoUpdate({ target: auth_throttle.key, set: countedAttempt(windowMs, now) })
    .returning({ key: auth_throttle.key, attempts: auth_throttle.failures, window_started_at: auth_throttle.window_started_at });
  const max = new Map(keys.map((k) => [k.key, k.max]));
  let retryMs = 0;
  for (const row of rows) {
    if (row.attempts > max.get(row.key)!) retryMs = Math.max(retryMs, row.window_started_at.getTime() + windowMs - now.getTime(), 1);
  }
  if (retryMs > 0) throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)) });
}

export interface RateLimit {
  windowMs: number;
  /** Attempts per client address in a window (anonymous and signed-in callers alike). */
  perAddress: number;
  /** Attempts per signed-in user in a window; absent for public forms. */
  perAccount?: number;
}

const HOUR = 60 * 60_000;
/**
 * Public writes (each may send a mail or create rows for an administrator to read) and the exchange loop's
 * writes. Generous for people, tight for scripts: issue 10 measured 200 registrations in 5 s and 300 help
 * queries in 0.6 s from one address.
 */
export const RATE_LIMITS = {
  register: { windowMs: HOUR, perAddress: 10 },
  helpQuery: { windowMs: HOUR, perAddress: 20 },
  newsletter: { windowMs: HOUR, perAddress: 20 },
  resetPassword: { windowMs: 15 * 60_000, perAddress: 20 },
  offer: { windowMs: HOUR, perAddress: 300, perAccount: 60 },
  chatMessage: { windowMs: 60_000, perAddress: 300, perAccount: 60 },
  /** The public hand-over of a donation (its QR page): a recipient confirms once, so a few tries an hour is plenty. */
  donationHandOver: { windowMs: HOUR, perAddress: 30 },
} as const satisfies Record<string, RateLimit>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Takes one attempt of `name` for this caller: per address, and per account when signed in, both counted in
 * one statement (a request on the chat's hot path pays one round trip for its limits, not two).
 */
export async function takeRateLimit(
  db: DbOrTx,
  name: RateLimitName,
  caller: { ip?: string; user_id?: number },
  scale = 1,
  now = new Date(),
): Promise<void> {
  const limit: RateLimit = RATE_LIMITS[name];
  const keys = [{ key: `rl:${name}:ip:${caller.ip ?? 'unknown'}`, max: limit.perAddress * scale }];
  if (limit.perAccount !== undefined && caller.user_id !== undefined)
    keys.unshift({ key: `rl:${name}:user:${caller.user_id}`, max: limit.perAccount * scale });
  await takeAttempts(db, keys, limit.windowMs, now);
}
