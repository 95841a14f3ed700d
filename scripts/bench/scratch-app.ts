// The set-up of the benchmarks that load one scratch database and time the app on it: the app in its own
// production process, a pool for the test factories and a one-connection client for bulk SQL and plans.
import postgres from 'postgres';
import { openPostgres } from '../../server/db/client';
import { startServerProcess } from '../../server/test/server-process';
import { benchServerEnv, scratchDatabase } from './common';

/** The app on the scratch database `bench_perfmore_<name>`; close() ends it all and drops the database unless --keep. */
export async function scratchApp(name: string, secret: string) {
  const scratch = await scratchDatabase(`bench_perfmore_${name}`);
  const server = await startServerProcess(benchServerEnv(scratch.url, secret, `/tmp/perfmore-bench-${name}`, { RATE_LIMIT_SCALE: '100000' }));
  const db = await openPostgres(scratch.url, { max: 2 });
  const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  return {
    server,
    db,
    sql,
    async close() {
      await sql.end();
      await db.close();
      await server.stop();
      if (!process.argv.includes('--keep')) await scratch.drop();
    },
  };
}
