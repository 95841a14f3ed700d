// The job queue (server/jobs/queue.ts, docs/decisions/0190-0191): how soon a job committed by a transaction starts
// (the NOTIFY path: 200 jobs, one transaction each, one after the other), and how many trivial jobs one worker
// runs a second with the default concurrency (2,000 jobs enqueued in one transaction), on embedded PGlite and on
// a scratch Postgres database (BENCH_DATABASE_URL's server).
//   node --import tsx scripts/bench/jobs.ts [--jobs 2000] [--latency 200] [--engine both|pglite|postgres]
import { openPglite, openPostgres, type Database } from '../../server/db/client';
import { defineJob, enqueue, enqueueMany, handler, startQueue } from '../../server/jobs/queue';
import { createLogger } from '../../server/lib/logger';
import { arg, percentile, runIfMain, scratchDatabase } from './common';

async function measure(database: Database, opts: { jobs: number; latency: number }) {
  await database.migrate();
  const spec = defineJob<{ at: number }>({ type: 'bench', backoff: [] });
  const startedAfter: number[] = [];
  let done = 0;
  let allDone = () => {};
  const queue = await startQueue({
    db: database.db,
    pubsub: database.pubsub,
    logger: createLogger('silent'),
    handlers: [
      handler(spec, async ({ job }) => {
        if (job.payload.at) startedAfter.push(performance.now() - job.payload.at);
        if (++done === opts.jobs + opts.latency) allDone();
      }),
    ],
  });
  const finished = new Promise<void>((r) => (allDone = r));
  // Latency: the time from just before COMMIT (the payload's timestamp) to the handler's start.
  for (let i = 0; i < opts.latency; i++) {
    const before = done;
    await database.db.transaction((tx) => enqueue(tx, spec, { at: performance.now() }));
    while (done === before) await new Promise((r) => setImmediate(r));
  }
  const t0 = performance.now();
  await database.db.transaction((tx) =>
    enqueueMany(
      tx,
      spec,
      Array.from({ length: opts.jobs }, () => ({ at: 0 })),
    ),
  );
  await finished;
  const seconds = (performance.now() - t0) / 1000;
  await queue.stop();
  return { p50: percentile(startedAfter, 50), p95: percentile(startedAfter, 95), perSecond: opts.jobs / seconds };
}

async function main() {
  const opts = { jobs: Number(arg('jobs', '2000')), latency: Number(arg('latency', '200')) };
  const engine = arg('engine', 'both');
  const rows: [string, Awaited<ReturnType<typeof measure>>][] = [];
  if (engine !== 'postgres') {
    const database = await openPglite(null);
    rows.push(['PGlite (embedded)', await measure(database, opts)]);
    await database.close();
  }
  if (engine !== 'pglite') {
    const scratch = await scratchDatabase('bench_jobs');
    const database = await openPostgres(scratch.url, { max: 10 });
    try {
      rows.push(['Postgres', await measure(database, opts)]);
    } finally {
      await database.close();
      await scratch.drop();
    }
  }
  console.log(`\nJob queue: ${opts.latency} jobs one commit at a time, then ${opts.jobs} in one commit, concurrency 2, Node ${process.version}\n`);
  console.log('| engine | commit to start p50 | p95 | trivial jobs per second |');
  console.log('|---|---|---|---|');
  for (const [name, r] of rows) console.log(`| ${name} | ${r.p50.toFixed(2)} ms | ${r.p95.toFixed(2)} ms | ${Math.round(r.perSecond)} |`);
}

runIfMain(import.meta.url, main);
