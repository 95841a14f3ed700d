// Login throttling per account and per address, stored in Postgres so every instance agrees.
// Each attempt is counted atomically BEFORE the password is checked, so a burst of parallel guesses
// cannot slip past the limit; a successful login gives its attempt back.
import { eq, sql } from 'drizzle-orm';
import { auth_throttle } from '../../../drizzle/schema';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';

export const THROTTLE = {
  windowMs: 15 * 60_000,
  accountMaxAttempts: 5,
  addressMaxAttempts: 30,
} as const;

export const accountKey = (login: string) => `acct:${login.trim().toLowerCase()}`;
export const addressKey = (ip: string | undefined) => `ip:${ip ?? 'unknown'}`;

/**
 * Counts one attempt on the key (a new window starts when the old one has passed) and refuses with 429
 * and Retry-After when the key already used its attempts in this window.
 */
export async function takeAttempt(db: DbOrTx, key: string, max: number, now = new Date()): Promise<void> {
  // Raw SQL parameters go as ISO strings: postgres-js cannot serialise a Date inside sql``.
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - THROTTLE.windowMs).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(auth_throttle)
    .values({ key, failures: 1, window_started_at: now })
    .onConflictDoUpdate({
      target: auth_throttle.key,
      set: {
        failures: sql`case when ${auth_throttle.window_started_at} < ${windowStart} then 1 else ${auth_throttle.failures} + 1 end`,
        window_started_at: sql`case when ${auth_throttle.window_started_at} < ${windowStart} then ${nowSql} else ${auth_throttle.window_started_at} end`,
      },
    })
    .returning({ attempts: auth_throttle.failures, window_started_at: auth_throttle.window_started_at });
  if (row && row.attempts > max) {
    const retryMs = row.window_started_at.getTime() + THROTTLE.windowMs - now.getTime();
    throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)) });
  }
}

/** A successful login: the account starts afresh and the address gets its attempt back. */
export async function loginSucceeded(db: DbOrTx, account: string, address: string): Promise<void> {
  await db.delete(auth_throttle).where(eq(auth_throttle.key, account));
  await db
    .update(auth_throttle)
    .set({ failures: sql`greatest(${auth_throttle.failures} - 1, 0)` })
    .where(eq(auth_throttle.key, address));
}
