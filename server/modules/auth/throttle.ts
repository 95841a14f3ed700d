// Login throttling, stored in Postgres so every instance agrees (NIST 800-63B §5.2.2: limit guessing without
// letting an attacker lock the real user out). Three counters per attempt, each taken atomically BEFORE the
// password is checked (a user's login takes them in one statement), so a burst of parallel guesses cannot slip
// past them:
// - account + address: 5 failures lock this account for this address only (the real user elsewhere goes on);
// - address: 30 attempts on any accounts (one address cannot sweep many accounts);
// - account: 100 from all addresses together (a distributed guesser meets a ceiling).
// The account is the user's id whichever name was typed (username or email count together).
// A successful login clears the account-and-address counter (the user's own typos do not lock them out) and gives
// the address its attempt back (an office behind one address signs in freely), but still counts on the account:
// one account's valid logins are bounded too (each costs an argon2 verify), docs/decisions/0131.
import { sql, type SQL } from 'drizzle-orm';
import { auth_throttle, users } from '../../../drizzle/schema';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { countedAttempt, takeAttempt } from '../../lib/rate-limit';
import { userNamed } from './repo';

export const THROTTLE = {
  windowMs: 15 * 60_000,
  accountAddressMaxAttempts: 5,
  addressMaxAttempts: 30,
  accountMaxAttempts: 100,
} as const;

export const accountKey = (login: string) => `acct:${login.trim().toLowerCase()}`;
export const addressKey = (ip: string | undefined) => `ip:${ip ?? 'unknown'}`;

/** One login attempt on the key within the login window (server/lib/rate-limit.ts counts it). */
export function takeLoginAttempt(db: DbOrTx, key: string, max: number, now = new Date()): Promise<void> {
  return takeAttempt(db, key, max, THROTTLE.windowMs, now);
}

export interface LoginKeys {
  account: string;
  pair: string;
  address: string;
}

/**
 * Counts one login attempt on the address. It needs no account, so a login takes it while it looks the user up
 * (one round trip fewer); the account's counters follow only if the address is within its limit.
 */
export async function takeAddressAttempt(db: DbOrTx, ip: string | undefined): Promise<string> {
  const address = addressKey(ip);
  await takeLoginAttempt(db, address, THROTTLE.addressMaxAttempts);
  return address;
}

/** Then the account from this address, then the account (in that order: a refused one stops the next). */
export async function takeAccountAttempts(db: DbOrTx, account: string, address: string): Promise<LoginKeys> {
  const keys = { account, pair: `${account}|${address}`, address };
  await takeLoginAttempt(db, keys.pair, THROTTLE.accountAddressMaxAttempts);
  await takeLoginAttempt(db, keys.account, THROTTLE.accountMaxAttempts);
  return keys;
}

/**
 * A user's login attempt: the three counters in one statement (one round trip), in order, each taken only if
 * the one before is within its limit: the address, then the account from this address, then the account. The
 * account is the user whose username or email `login` names (any case; `acct:user:<id>`), else the name as typed.
 */
export async function takeUserLoginAttempts(db: DbOrTx, login: string, ip: string | undefined, now = new Date()): Promise<LoginKeys> {
  const address = addressKey(ip);
  const at = sql`${now.toISOString()}::timestamptz`;
  // One counter as a WITH item, counted as rate-limit.ts counts every attempt.
  const set = countedAttempt(THROTTLE.windowMs, now);
  const counter = (name: string, rows: SQL) => sql`${sql.raw(name)} as (
      insert into ${auth_throttle} (key, failures, window_started_at) ${rows}
      on conflict (key) do update set failures = ${set.failures}, window_started_at = ${set.window_started_at}
      returning failures, window_started_at)`;
  const result = await db.execute(sql`
    with account as (
      select coalesce((select 'acct:user:' || ${users.id} from ${users} where ${userNamed(login.toLowerCase())} limit 1), ${accountKey(login)}) as key),
    ${counter('by_address', sql`values (${address}, 1, ${at})`)},
    ${counter('by_pair', sql`select account.key || '|' || ${address}, 1, ${at} from account where (select failures from by_address) <= ${THROTTLE.addressMaxAttempts}`)},
    ${counter('by_account', sql`select account.key, 1, ${at} from account where (select failures from by_pair) <= ${THROTTLE.accountAddressMaxAttempts}`)}
    select (select key from account) as account,
      (select failures from by_address) as address_n, (select window_started_at from by_address) as address_at,
      (select failures from by_pair) as pair_n, (select window_started_at from by_pair) as pair_at,
      (select failures from by_account) as account_n, (select window_started_at from by_account) as account_at`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as ({ account: string } & Record<
    `${'address' | 'pair' | 'account'}_${'n' | 'at'}`,
    number | string | Date | null
  >)[];
  for (const [counted, max] of [
    ['address', THROTTLE.addressMaxAttempts],
    ['pair', THROTTLE.accountAddressMaxAttempts],
    ['account', THROTTLE.accountMaxAttempts],
  ] as const) {
    const n = Number(row![`${counted}_n`]);
    if (n > max) {
      const retryMs = new Date(row![`${counted}_at`] as string | Date).getTime() + THROTTLE.windowMs - now.getTime();
      throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)) });
    }
  }
  return { account: row!.account, pair: `${row!.account}|${address}`, address };
}

/** Counts one login attempt on the address, the account from this address, and the account (in that order). */
export async function takeLoginAttempts(db: DbOrTx, account: string, ip: string | undefined): Promise<LoginKeys> {
  return takeAccountAttempts(db, account, await takeAddressAttempt(db, ip));
}

/**
 * A successful login: the account starts afresh from this address (earlier typos forgiven) and the address gets
 * its attempt back; the attempt still counts on the account, so one account's logins cannot repeat without bound.
 * As WITH items (`forgiven`, `given_back`), so that a login writes them in the statement that records it.
 */
export function loginSucceededSql({ pair, address }: Pick<LoginKeys, 'pair' | 'address'>): SQL {
  return sql`forgiven as (delete from ${auth_throttle} where ${auth_throttle.key} = ${pair}),
    given_back as (update ${auth_throttle} set failures = greatest(${auth_throttle.failures} - 1, 0) where ${auth_throttle.key} = ${address})`;
}

/** loginSucceededSql on its own, one statement. */
export async function loginSucceeded(db: DbOrTx, keys: LoginKeys): Promise<void> {
  await db.execute(sql`with ${loginSucceededSql(keys)} select 1`);
}
