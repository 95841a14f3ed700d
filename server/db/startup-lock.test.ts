// Instances that start together on an empty Postgres take turns to migrate and seed (Database.exclusive);
// without the lock, drizzle's migrator races on its own bookkeeping table and all but one instance crash.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from '../boot';
import { loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { withDatabase } from '../test/global-setup';
import { openPostgres } from './client';
import { testPostgresUrl } from '../test/postgres';

const url = testPostgresUrl;

describe.skipIf(!url)('start-up on an empty Postgres', () => {
  it('lets three instances starting at once migrate and seed one after another, all successfully', async () => {
    const name = `synergy_startup_${randomBytes(4).toString('hex')}`;
    const admin = postgres(url!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    try {
      const env = loadEnv({ DATABASE_URL: withDatabase(url!, name), JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp', NODE_ENV: 'test' });
      const logger = createLogger('silent');
      const results = await Promise.allSettled([0, 1, 2].map(() => prepareDatabase(env, logger)));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      for (const r of results) if (r.status === 'fulfilled') await r.value.close();
      const check = await openPostgres(withDatabase(url!, name), { max: 1 });
      const rows = await check.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((rows as unknown as { n: number }[])[0]!.n).toBeGreaterThan(0);
      await check.close();
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
