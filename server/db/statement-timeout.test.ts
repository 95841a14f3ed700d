// DATABASE_STATEMENT_TIMEOUT_MS (issue 17): every connection the app opens, search ones included, cancels a
// statement that runs longer; migrations are exempt. Postgres only (PGlite is embedded, one user).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { openPostgres } from './client';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe.runIf(!!process.env.TEST_DATABASE_URL)('statement timeout', () => {
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
