import os from 'node:os';
import argon2 from 'argon2';

/**
 * At most this many hashes or verifies run at once; the others wait their turn (issue 17). argon2 runs on
 * libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file reads, DNS and crypto
 * share, and each hash keeps a core busy for tens of milliseconds: unbounded, a burst of logins takes every
 * core from the event loop and Postgres and every other request waits. Half the cores (at least one) leaves
 * the rest to them; logins queue instead. PASSWORD_HASH_CONCURRENCY overrides it.
 */
const CONCURRENCY = Math.max(1, Number(process.env.PASSWORD_HASH_CONCURRENCY) || Math.floor(os.availableParallelism() / 2));
let running = 0;
const waiting: (() => void)[] = [];
async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (running stays the same), or frees up.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

// OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return bounded(() => argon2.hash(plain, OPTIONS));
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await bounded(() => argon2.verify(hash, plain));
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  return dummyHash;
}
