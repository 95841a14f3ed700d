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
 * writes. Generous for people, tight for scripts: measured 200 registrations in 5 s and 300 help
 * queries in 0.6 s from one address.
 */
export const RATE_LIMITS = {
  register: { windowMs: HOUR, perAddress: 10 },
  helpQuery: { windowMs: HOUR, perAddress: 20 },
  newsletter: { windowMs: HOUR, perAddress: 20 },
  resetPassword: { windowMs: 15 * 60_000, perAddress: 20 },
  /** Opening and accepting an invitation link (public): a person needs a few tries; a script guessing tokens, many. */
  invitation: { windowMs: 15 * 60_000, perAddress: 30 },
  offer: { windowMs: HOUR, perAddress: 300, perAccount: 60 },
  chatMessage: { windowMs: 60_000, perAddress: 300, perAccount: 60 },
  /** The public hand-over of a donation (its QR page): a recipient confirms once, so a few tries an hour is plenty. */
  donationHandOver: { windowMs: HOUR, perAddress: 30 },
} as const satisfies Record<string, RateLimit>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/** Requests one API key may make per minute on the REST paths, besides the per-procedure limits above. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

/** Counts one request of an API key; 429 with Retry-After past its allowance. */
export async function takeApiKeyRequest(db: DbOrTx, keyId: number, scale = 1, now = new Date()): Promise<void> {
  await takeAttempts(db, [{ key: `rl:apikey:${keyId}`, max: API_KEY_REQUESTS_PER_MINUTE * scale }], 60_000, now);
}

/**
 * Takes one attempt of `name` for this caller: per address, and per account when signed in, both counted in
 * one statement (a request on the chat's hot path pays one round trip for its limits, not two).
 */
export async function takeRateLimit(
  db: DbOrTx,
  name: RateLimitName,
  /** An API key counts as an account of its own: an integration does not use up its maker's allowance. */
  caller: { ip?: string; user_id?: number; api_key_id?: number },
  scale = 1,
  now = new Date(),
): Promise<void> {
  const limit: RateLimit = RATE_LIMITS[name];
  const keys = [{ key: `rl:${name}:ip:${caller.ip ?? 'unknown'}`, max: limit.perAddress * scale }];
  const account = caller.api_key_id !== undefined ? `key:${caller.api_key_id}` : caller.user_id !== undefined ? `user:${caller.user_id}` : null;
  if (limit.perAccount !== undefined && account !== null) keys.unshift({ key: `rl:${name}:${account}`, max: limit.perAccount * scale });
  await takeAttempts(db, keys, limit.windowMs, now);
}

/**
 * Reads (every query procedure, on both transports): per account, and per address for anonymous callers, so
 * that one caller's flood gets 429s instead of the others' share of the database (docs/decisions/0183).
 * Generous for people (a page asks for a handful of queries), multiplied by RATE_LIMIT_SCALE like the others.
 * A token bucket: `perMinute` a minute on average, bursts up to a tenth of it (a page load, a refetch after
 * reconnecting), then a steady trickle: a flood is held to 10 reads a second, not let through 600 at a time
 * at the start of every minute.
 */
export const READ_LIMIT = { perMinute: 600, burstShare: 1 / 6 } as const;

/**
 * Token buckets kept in this instance's memory. Reads are the cheapest and most frequent requests: a counter
 * row upserted in Postgres per read would cost each of them a write and a round trip, and would put the flood
 * back on the database it is meant to keep free. Each instance counts its own share, so N instances behind a
 * load balancer allow up to N times the limit to one caller spread over them.
 */
export class ReadBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private swept = 0;

  /** Takes one read on `key`; 0 when allowed, else the milliseconds until the next read is. */
  take(key: string, perMinute: number, now = Date.now()): number {
    // A bucket untouched for a minute is full again: forget it (kept only while it remembers something).
    if (now - this.swept >= 60_000) this.sweep(now);
    const capacity = Math.max(1, Math.ceil(perMinute * READ_LIMIT.burstShare));
    const perMs = perMinute / 60_000;
    const b = this.buckets.get(key) ?? { tokens: capacity, at: now };
    b.tokens = Math.min(capacity, b.tokens + Math.max(0, now - b.at) * perMs);
    b.at = Math.max(b.at, now);
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / perMs));
  }

  /** Callers with a bucket that is not full (tests, /metrics). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number) {
    this.swept = now;
    for (const [key, b] of this.buckets) if (now - b.at >= 60_000) this.buckets.delete(key);
  }
}

export type ReadCaller = { kind: 'user'; user_id: number } | { kind: 'driver'; driver_id: number } | { kind: 'anonymous'; ip?: string };

/** Counts one read for this caller, or refuses it with 429 and Retry-After. */
export function takeReadLimit(buckets: ReadBuckets, caller: ReadCaller, scale = 1, now = Date.now()): void {
  const perMinute = READ_LIMIT.perMinute * scale;
  const key =
    caller.kind === 'user' ? `user:${caller.user_id}` : caller.kind === 'driver' ? `driver:${caller.driver_id}` : `ip:${caller.ip ?? 'unknown'}`;
  const retryMs = buckets.take(key, perMinute, now);
  if (retryMs > 0) throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: Math.ceil(retryMs / 1000) });
}
