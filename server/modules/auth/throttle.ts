// Failed-login throttling per account and per address, stored in Postgres so every instance agrees.
import { eq, inArray, sql } from 'drizzle-orm';
import { auth_throttle } from '../../../drizzle/schema';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';

export const THROTTLE = {
  windowMs: 15 * 60_000,
  accountMaxFailures: 5,
  addressMaxFailures: 30,
  lockMs: 15 * 60_000,
} as const;

export const accountKey = (login: string) => `acct:${login.trim().toLowerCase()}`;
export const addressKey = (ip: string | undefined) => `ip:${ip ?? 'unknown'}`;

/** Throws 429 (with Retry-After seconds) when any key is locked. */
export async function assertNotThrottled(db: DbOrTx, keys: string[], now = new Date()): Promise<void> {
  const rows = await db
    .select({ locked_until: auth_throttle.locked_until })
    .from(auth_throttle)
    .where(inArray(auth_throttle.key, keys));
  const until = rows.reduce((max, r) => (r.locked_until && r.locked_until > max ? r.locked_until : max), now);
  if (until > now) {
    throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: Math.ceil((until.getTime() - now.getTime()) / 1000) });
  }
}

/** Counts one failure on each key; a key that reaches its limit inside the window is locked. */
export async function recordFailure(db: DbOrTx, key: string, max: number, now = new Date()): Promise<void> {
  // Raw SQL parameters go as ISO strings: postgres-js cannot serialise a Date inside sql``.
  const windowStart = sql`${new Date(now.getTime() - THROTTLE.windowMs).toISOString()}::timestamptz`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const lockUntil = new Date(now.getTime() + THROTTLE.lockMs);
  const lockUntilSql = sql`${lockUntil.toISOString()}::timestamptz`;
  await db
    .insert(auth_throttle)
    .values({ key, failures: 1, window_started_at: now, locked_until: max <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: auth_throttle.key,
      set: {
        failures: sql`case when ${auth_throttle.window_started_at} < ${windowStart} then 1 else ${auth_throttle.failures} + 1 end`,
        window_started_at: sql`case when ${auth_throttle.window_started_at} < ${windowStart} then ${nowSql} else ${auth_throttle.window_started_at} end`,
        locked_until: sql`case when ${auth_throttle.window_started_at} >= ${windowStart} and ${auth_throttle.failures} + 1 >= ${max} then ${lockUntilSql} else ${auth_throttle.locked_until} end`,
      },
    });
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(auth_throttle).where(eq(auth_throttle.key, key));
}
