// Production refuses to start on a database that holds the demo's published credentials.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, users } from '../../drizzle/schema';
import { hashPassword } from '../lib/password';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { seedDemo } from '.';
import { findDemoCredentials, refuseDemoCredentials } from './guard';
import { onPostgres } from '../test/postgres';

const DEMO_PASSWORD = 'Synergy!2026';
const ROOT = path.resolve(import.meta.dirname, '../..');
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database?.close());

describe('demo credentials guard', () => {
  it('finds nothing on an empty database, then the demo accounts and the demo password once seeded', async () => {
    await expect(findDemoCredentials(database.db, DEMO_PASSWORD)).resolves.toEqual({ demoAccounts: [], demoPasswordAccounts: 0 });
    await seedDemo(database.db, { password: DEMO_PASSWORD });
    const found = await findDemoCredentials(database.db, DEMO_PASSWORD);
    expect(found.demoAccounts).toEqual(expect.arrayContaining(['admin@example.com', 'manager@example.com', 'member@example.com']));
    expect(found.demoPasswordAccounts).toBeGreaterThan(3);
    await expect(refuseDemoCredentials(database.db, DEMO_PASSWORD)).rejects.toThrow(/Refusing to start in production: \d+ demo account\(s\) exist/);
  }, 120_000);

  it('still refuses an account that is no longer marked as demo but keeps the demo password', async () => {
    await database.db
      .update(users)
      .set({ is_demo: false })
      .where(sql`true`);
    await database.db.delete(drivers).where(sql`lower(${drivers.email}) = 'driver@example.com'`);
    const found = await findDemoCredentials(database.db, DEMO_PASSWORD);
    expect(found.demoAccounts).toEqual([]);
    expect(found.demoPasswordAccounts).toBeGreaterThan(3);
    await expect(refuseDemoCredentials(database.db, DEMO_PASSWORD)).rejects.toThrow(/account\(s\) still have the demo password/);
    // One account alone, with a hash of its own, is found too.
    await database.db
      .update(users)
      .set({ password_hash: await hashPassword('An0ther-secret') })
      .where(sql`true`);
    await database.db
      .update(users)
      .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
      .where(eq(users.email, 'member@example.com'));
    expect((await findDemoCredentials(database.db, DEMO_PASSWORD)).demoPasswordAccounts).toBe(1);
    await database.db
      .update(users)
      .set({ password_hash: await hashPassword('An0ther-secret') })
      .where(sql`true`);
    await expect(refuseDemoCredentials(database.db, DEMO_PASSWORD)).resolves.toBeUndefined();
  }, 120_000);

  it('counts the published demo driver as a demo account', async () => {
    await database.db.insert(drivers).values({ name: 'Lars', email: 'Driver@example.com', phone: '+45 12 34 56 78', phone_digits: '4512345678' });
    expect((await findDemoCredentials(database.db, DEMO_PASSWORD)).demoAccounts).toEqual(['Driver@example.com']);
    await database.db.delete(drivers).where(sql`lower(${drivers.email}) = 'driver@example.com'`);
  });
});

describe.runIf(onPostgres)('production start-up', () => {
  it('exits non-zero with a clear message while a demo account exists', async () => {
    const demoDb = await createTestDatabase();
    try {
      await seedDemo(demoDb.db, { password: DEMO_PASSWORD });
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PUBLIC_URL: 'http://127.0.0.1',
          DATABASE_URL: demoDb.url!,
          JWT_SECRET: 'x'.repeat(40),
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(out).toMatch(/Refusing to start in production: \d+ demo account\(s\) exist \(admin@example\.com/);
      expect(out).not.toContain('listening on');
    } finally {
      await demoDb.close();
    }
  }, 180_000);
});
