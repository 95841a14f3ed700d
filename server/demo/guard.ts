// Production must not run with the demo's published credentials: the demo accounts (README lists them and
// their password) and any account whose password is still the demo password would let anyone in.
import { eq, sql } from 'drizzle-orm';
import { drivers, users } from '../../drizzle/schema';
import { verifyPassword } from '../lib/password';
import type { Db } from '../db/client';

/** The driver the demo publishes (drivers log in with email and phone, no password). */
export const DEMO_DRIVER_EMAIL = 'driver@example.com';

export interface DemoCredentials {
  /** Emails of demo accounts still present (users marked as demo, the published demo driver). */
  demoAccounts: string[];
  /** Accounts whose password is the demo password. */
  demoPasswordAccounts: number;
}

export class DemoCredentialsError extends Error {
  constructor(readonly found: DemoCredentials) {
    const parts: string[] = [];
    if (found.demoAccounts.length) {
      const shown = found.demoAccounts.slice(0, 5).join(', ');
      parts.push(`${found.demoAccounts.length} demo account(s) exist (${shown}${found.demoAccounts.length > 5 ? ', ...' : ''})`);
    }
    if (found.demoPasswordAccounts) parts.push(`${found.demoPasswordAccounts} account(s) still have the demo password`);
    super(
      `Refusing to start in production: ${parts.join('; ')}. Remove the demo accounts and change those passwords ` +
        '(or start with an empty database), then start again.',
    );
    this.name = 'DemoCredentialsError';
  }
}

/**
 * Looks for demo credentials. The password check verifies the demo password once per distinct stored hash: the
 * seeds hash the demo password once and share it, so a seeded database costs a handful of argon2 verifications,
 * and accounts with passwords of their own cost one each (the password worker runs them in parallel).
 */
export async function findDemoCredentials(db: Db, demoPassword: string): Promise<DemoCredentials> {
  const demoUsers = await db.select({ email: users.email }).from(users).where(eq(users.is_demo, true));
  const demoDrivers = await db
    .select({ email: drivers.email })
    .from(drivers)
    .where(sql`lower(${drivers.email}) = ${DEMO_DRIVER_EMAIL}`);
  const hashes = await db
    .select({ hash: users.password_hash, n: sql<number>`count(*)::int` })
    .from(users)
    .groupBy(users.password_hash);
  const matches = await Promise.all(hashes.map(async (h) => ((await verifyPassword(h.hash, demoPassword)) ? h.n : 0)));
  return {
    demoAccounts: [...demoUsers, ...demoDrivers].map((r) => r.email),
    demoPasswordAccounts: matches.reduce((a, b) => a + b, 0),
  };
}

/** Throws DemoCredentialsError when any demo credential is found. */
export async function refuseDemoCredentials(db: Db, demoPassword: string): Promise<void> {
  const found = await findDemoCredentials(db, demoPassword);
  if (found.demoAccounts.length || found.demoPasswordAccounts) throw new DemoCredentialsError(found);
}
