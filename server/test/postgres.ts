// The one gate for tests that need real Postgres: races across connections, LISTEN/NOTIFY, several processes on
// one database. PGlite runs one query at a time in one process, so such tests are skipped there and say so in
// their name; everything else runs on both.

/** The Postgres server this run was given (TEST_DATABASE_URL), or undefined on PGlite. */
export const testPostgresUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/** True when the tests run against real Postgres: `describe.runIf(onPostgres)` / `it.skipIf(!onPostgres)`. */
export const onPostgres = testPostgresUrl !== undefined;
