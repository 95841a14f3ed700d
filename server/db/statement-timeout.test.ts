// DATABASE_STATEMENT_TIMEOUT_MS: every connection the app opens, search ones included, cancels a
// statement that runs longer; migrations are exempt. Postgres only (PGlite is embedded, one user).
import { param, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../test/suite';
import { openPostgres } from './client';
import { onPostgres } from '../test/postgres';

const t = useTestContext();

describe.runIf(onPostgres)('statement timeout', () => {
  it('cancels a long statement on the general and the search connections, and leaves migrations alone', async () => {
    const database = await openPostgres(t.database.url!, { max: 3, statementTimeoutMs: 100 });
    try {
      await expect(database.db.execute(sql`select pg_sleep(1)`)).rejects.toMatchObject({ cause: { code: '57014' } });
      await expect(database.searchDb!.execute(sql`select pg_sleep(1)`)).rejects.toMatchObject({ cause: { code: '57014' } });
      await expect(database.db.execute(sql`select pg_sleep(0.01)`)).resolves.toBeDefined();
      await expect(database.migrate()).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });
});

describe.runIf(onPostgres)('a tiny statement timeout', () => {
  it('never ends the process: connections open without it, and a cancelled statement fails only its own query', async () => {
    const unhandled: unknown[] = [];
    const collect = (err: unknown) => unhandled.push(err);
    process.on('unhandledRejection', collect);
    // 10 ms cancels the set-up a driver runs on a new connection if it ran under the timeout (it ended the process
    // at 10-25 ms), while a trivial statement still finishes in time on a loaded machine (1 ms did not, always).
    const database = await openPostgres(t.database.url!, { max: 6, statementTimeoutMs: 10 });
    try {
      for (let round = 0; round < 5; round++) {
        const results = await Promise.allSettled([
          ...Array.from({ length: 6 }, () => database.db.execute(sql`select 1 as one`)),
          database.db.execute(sql`select pg_sleep(0.5)`),
          database.searchDb!.execute(sql`select 1 as one`),
        ]);
        // The slow statement is cancelled with Postgres's own error; the others were not touched by it.
        expect(results[6]).toMatchObject({ status: 'rejected', reason: { cause: { code: '57014' } } });
        for (const r of results.slice(0, 6)) expect(r.status).toBe('fulfilled');
        expect(results[7]!.status).toBe('fulfilled');
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', collect);
      await database.close();
    }
  });

  it('still sends and reads arrays with the array types learnt beforehand', async () => {
    const database = await openPostgres(t.database.url!, { max: 3, statementTimeoutMs: 5000 });
    try {
      for (const d of [database.db, database.searchDb!]) {
        const [row] = (await d.execute(sql`select ${param([1, 2, 3])}::int[] as ids, array['a', 'b'] as names`)) as unknown as {
          ids: number[];
          names: string[];
        }[];
        expect(row).toEqual({ ids: [1, 2, 3], names: ['a', 'b'] });
      }
    } finally {
      await database.close();
    }
  });
});
