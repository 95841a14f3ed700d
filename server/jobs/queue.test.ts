// The job queue through a real database (PGlite, or Postgres with TEST_DATABASE_URL). Several queues on one
// database stand in for instances; on Postgres each "instance" has its own connection pool, and one test kills
// a worker process mid-job. The three-process version with the whole app is server/cluster.test.ts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../drizzle/schema';
import { openPostgres, type Database } from '../db/client';
import { createLogger } from '../lib/logger';
import { createMetrics } from '../lib/metrics';
import { createTestDatabase } from '../test/db';
import { dueNow as makeDue } from '../test/jobs';
import {
  claimPeriod,
  defineJob,
  enqueue,
  handler,
  PermanentJobError,
  pruneJobs,
  retryJob,
  startQueue,
  transactionalHandler,
  type JobHandler,
  type Queue,
  type QueueOptions,
  type RecurringPayload,
} from './queue';
import { until } from '../test/poll';
import { onPostgres } from '../test/postgres';

const silent = createLogger('silent');

let database: Database;
const others: Database[] = [];
const queues: Queue[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  for (const d of others) await d.close();
  await database?.close();
});

let typeNo = 0;
/** A job type of its own for each test, so that tests never run each other's jobs. */
const spec = <P = Record<string, unknown>>(opts: { backoff?: number[]; maxAttempts?: number; timeoutMs?: number } = {}) =>
  defineJob<P>({ type: `test-${++typeNo}`, backoff: opts.backoff ?? [60_000], maxAttempts: opts.maxAttempts, timeoutMs: opts.timeoutMs });

/** A worker on the test database that polls only once a minute; the case stops it itself. */
const openQueue = (handlers: JobHandler[], opts: Partial<QueueOptions> = {}): Promise<Queue> =>
  startQueue({ db: database.db, pubsub: database.pubsub, logger: silent, handlers, pollMs: 60_000, ...opts });

/** openQueue, stopped after all the cases. */
async function queue(handlers: JobHandler[], opts: Partial<QueueOptions> = {}): Promise<Queue> {
  const q = await openQueue(handlers, opts);
  queues.push(q);
  return q;
}

const jobRow = async (id: number, db = database.db) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const dueNow = (type: string) => makeDue(database.db, type);

function latch() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe('enqueue in the caller’s transaction', () => {
  it('runs a job whose transaction committed, and never one whose transaction rolled back', async () => {
    const s = spec<{ n: number }>();
    const seen: number[] = [];
    const q = await queue([handler(s, async ({ job }) => seen.push(job.payload.n))]);
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, s, { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const { id } = await database.db.transaction((tx) => enqueue(tx, s, { n: 2 }));
    await q.drain();
    expect(seen).toEqual([2]);
    expect(await database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.type, s.type))).toEqual([{ id }]);
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 1, last_error: null, lock_id: null });
  });

  it('wakes a worker when the transaction commits, without waiting for its poll', async () => {
    const s = spec();
    const ran = latch();
    // The poll is a minute away: only the notification can start the job within the wait below.
    await queue([handler(s, async () => ran.open())]);
    await database.db.transaction((tx) => enqueue(tx, s, {}));
    await Promise.race([ran.opened, new Promise((_, reject) => setTimeout(() => reject(new Error('not woken')), 15_000))]);
  });
});

describe('retries', () => {
  it('waits its type’s backoff after a failed attempt, then runs again with the same id', async () => {
    const s = spec({ backoff: [300_000, 3_600_000] });
    let calls = 0;
    const q = await queue([
      handler(s, async () => {
        if (++calls < 3) throw new Error(`down ${calls}`);
        return 'ok';
      }),
    ]);
    const { id } = await enqueue(database.db, s, {});
    await q.drain();
    const first = await jobRow(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'down 1' });
    const [{ wait }] = (await database.db
      .select({ wait: sql<number>`extract(epoch from ${jobs.run_at} - now())::float8` })
      .from(jobs)
      .where(eq(jobs.id, id))) as [{ wait: number }];
    expect(wait).toBeGreaterThan(290);
    expect(wait).toBeLessThanOrEqual(300);
    // Not due yet: draining runs nothing.
    await q.drain();
    expect(calls).toBe(1);
    await dueNow(s.type);
    await q.drain();
    const [{ wait: second }] = (await database.db
      .select({ wait: sql<number>`extract(epoch from ${jobs.run_at} - now())::float8` })
      .from(jobs)
      .where(eq(jobs.id, id))) as [{ wait: number }];
    expect(second).toBeGreaterThan(3_590);
    await dueNow(s.type);
    await q.drain();
    expect(calls).toBe(3);
    expect(await jobRow(id)).toMatchObject({ id, status: 'succeeded', attempts: 3, last_error: null });
  });

  it('fails for good after the last attempt, keeps the last error, and an administrator’s retry runs it again under its id', async () => {
    const s = spec({ backoff: [1_000], maxAttempts: 2 });
    let broken = true;
    const q = await queue([
      handler(s, async () => {
        if (broken) throw new Error('Connection refused by smtp://user:s3cret@mail.example.com');
      }),
    ]);
    const { id } = await enqueue(database.db, s, {});
    await q.drain();
    await dueNow(s.type);
    await q.drain();
    const failed = await jobRow(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, last_error: 'Connection refused by smtp://[redacted]@mail.example.com' });
    expect(failed.finished_at).toBeInstanceOf(Date);
    await dueNow(s.type);
    await q.drain();
    expect((await jobRow(id)).status).toBe('failed');

    broken = false;
    expect(await retryJob(database.db, id)).toBe('retried');
    await q.drain();
    expect(await jobRow(id)).toMatchObject({ id, status: 'succeeded', attempts: 1 });
    expect(await retryJob(database.db, id)).toBe('not_failed');
    expect(await retryJob(database.db, 987_654_321)).toBe('not_found');
  });

  it('fails at once when the handler says trying again cannot help', async () => {
    const s = spec({ maxAttempts: 5 });
    const q = await queue([
      handler(s, async () => {
        throw new PermanentJobError('the row is gone');
      }),
    ]);
    const { id } = await enqueue(database.db, s, {});
    await q.drain();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'the row is gone' });
  });

  it('counts an attempt that outlives its timeout as failed and tells the work to stop', async () => {
    const s = spec({ timeoutMs: 50 });
    let aborted = false;
    const q = await queue([
      handler(
        s,
        ({ signal }) =>
          new Promise<void>((resolve) =>
            signal.addEventListener('abort', () => {
              aborted = true;
              resolve();
            }),
          ),
      ),
    ]);
    const { id } = await enqueue(database.db, s, {});
    await q.drain();
    expect(aborted).toBe(true);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'timed out after 0.05 s' });
  });

  it('rolls a transactional job’s work back with its failure', async () => {
    const s = spec({ maxAttempts: 1 });
    const marker = `job-work-${typeNo}`;
    const q = await queue([
      transactionalHandler(s, async ({ db }) => {
        await db.execute(sql`insert into app_meta (key, value) values (${marker}, '{}'::jsonb)`);
        throw new Error('after the write');
      }),
    ]);
    const { id } = await enqueue(database.db, s, {});
    await q.drain();
    expect((await jobRow(id)).status).toBe('failed');
    const rows = (await database.db.execute(sql`select key from app_meta where key = ${marker}`)) as unknown;
    expect(Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('workers', () => {
  it('run at most `concurrency` jobs at once', async () => {
    const s = spec();
    let active = 0;
    let most = 0;
    const q = await queue(
      [
        handler(s, async () => {
          most = Math.max(most, ++active);
          await new Promise((r) => setTimeout(r, 5));
          active--;
        }),
      ],
      { concurrency: 3 },
    );
    // In one transaction, so that all twelve are there when the worker hears of them.
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 12; i++) await enqueue(tx, s, {});
    });
    await q.drain();
    expect(most).toBe(3);
    const rows = await database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.type, s.type));
    expect(rows.map((r) => r.status)).toEqual(Array(12).fill('succeeded'));
  });

  it('leave the jobs of types they have no handler for', async () => {
    const handled = spec();
    const other = spec();
    const q = await queue([handler(handled, async () => 'ok')]);
    const a = await enqueue(database.db, handled, {});
    const b = await enqueue(database.db, other, {});
    await q.drain();
    expect((await jobRow(a.id)).status).toBe('succeeded');
    expect((await jobRow(b.id)).status).toBe('queued');
  });

  it('on stop, claim nothing more and wait for the job that runs', async () => {
    const s = spec();
    const events: string[] = [];
    const release = latch();
    const started = latch();
    const q = await openQueue([
      handler(s, async () => {
        started.open();
        await release.opened;
        events.push('job finished');
      }),
    ]);
    const { id } = await enqueue(database.db, s, {});
    await started.opened;
    const stopped = q.stop().then(() => events.push('stopped'));
    const later = await enqueue(database.db, s, {});
    release.open();
    await stopped;
    expect(events).toEqual(['job finished', 'stopped']);
    expect((await jobRow(id)).status).toBe('succeeded');
    expect((await jobRow(later.id)).status).toBe('queued');
  });

  // The claim is held up by a table lock that another connection takes, so it is surely in flight when stop() comes.
  it.skipIf(!onPostgres)('on stop, give back the jobs of a claim that returns after it, untouched (real Postgres)', async () => {
    const s = spec();
    let ran = 0;
    const { id } = await enqueue(database.db, s, {});
    const release = latch();
    const locked = latch();
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table jobs in exclusive mode`);
      locked.open();
      await release.opened;
    });
    await locked.opened;
    // No reap at start: the worker's first statement is the claim.
    const q = await queue([handler(s, async () => void ran++)], { reapEveryMs: Number.MAX_SAFE_INTEGER });
    // Postgres only, so execute answers with postgres-js's array of rows.
    await until('the claim to wait on the lock', async () => {
      const [w] = (await database.db.execute(
        sql`select count(*)::int as n from pg_locks where relation = 'jobs'::regclass and not granted`,
      )) as unknown as { n: number }[];
      return w!.n > 0;
    });
    const stopped = q.stop();
    release.open();
    await Promise.all([holder, stopped]);
    expect(ran).toBe(0);
    const row = await jobRow(id);
    expect({ status: row.status, attempts: row.attempts, lock_id: row.lock_id, started_at: row.started_at }).toEqual({
      status: 'queued',
      attempts: 0,
      lock_id: null,
      started_at: null,
    });
  });

  it('take back a job whose worker stopped mid-run once its lease passed, and run it again under its id', async () => {
    const s = spec({ timeoutMs: 200 });
    const started = latch();
    const stuck = await openQueue([handler(s, () => (started.open(), new Promise<never>(() => {})))], { leaseGraceMs: 0 });
    const { id } = await enqueue(database.db, s, {});
    await started.opened;
    // The worker goes away without finishing (as a process that died would): the job stays running, leased.
    await stuck.stop(0);
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });
    let ran = 0;
    const survivor = await queue([handler(s, async () => void ran++)], { leaseGraceMs: 0, reapEveryMs: 0 });
    await until('the job taken back and run', async () => (await survivor.drain(), (await jobRow(id)).status === 'succeeded'));
    expect(ran).toBe(1);
    expect(await jobRow(id)).toMatchObject({ id, status: 'succeeded', attempts: 2 });
  });
});

describe('recurring jobs', () => {
  it('enqueue a period once, never again for it or an earlier one, and again for the next', async () => {
    const s = spec<RecurringPayload>();
    const day = Date.UTC(2026, 4, 1);
    expect(await claimPeriod(database.db, s, day)).toBe(true);
    expect(await claimPeriod(database.db, s, day)).toBe(false);
    expect(await claimPeriod(database.db, s, day - 86_400_000)).toBe(false);
    const q = await queue([handler(s, async () => 'ok')]);
    await q.drain();
    expect(await claimPeriod(database.db, s, day + 86_400_000)).toBe(true);
    await q.drain();
    const rows = await database.db.select({ payload: jobs.payload, status: jobs.status }).from(jobs).where(eq(jobs.type, s.type)).orderBy(jobs.id);
    expect(rows).toEqual([
      { payload: { period: '2026-05-01T00:00:00.000Z' }, status: 'succeeded' },
      { payload: { period: '2026-05-02T00:00:00.000Z' }, status: 'succeeded' },
    ]);
  });

  it('claim a new period without a second job while the last one waits for a retry', async () => {
    const s = spec<RecurringPayload>();
    const q = await queue([
      handler(s, async () => {
        throw new Error('down');
      }),
    ]);
    const day = Date.UTC(2026, 5, 1);
    expect(await claimPeriod(database.db, s, day)).toBe(true);
    await q.drain();
    expect(await claimPeriod(database.db, s, day + 86_400_000)).toBe(true);
    expect(await database.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs).where(eq(jobs.type, s.type))).toEqual([
      { status: 'queued', attempts: 1 },
    ]);
  });

  it('refuse a JOB_SCHEDULE entry that names no job', async () => {
    const s = spec<RecurringPayload>();
    await expect(queue([], { recurring: [{ spec: s, everySeconds: 60 }], periods: { typo: 60 } })).rejects.toThrow(
      /JOB_SCHEDULE names no such job: typo/,
    );
  });
});

describe('pruning', () => {
  it('deletes succeeded jobs after a week and failed ones after a month, and keeps the rest', async () => {
    const s = spec();
    const ids: Record<string, number> = {};
    const add = async (name: string, status: 'queued' | 'succeeded' | 'failed', daysAgo: number) => {
      const { id } = await enqueue(database.db, s, {});
      await database.db
        .update(jobs)
        .set({ status, finished_at: status === 'queued' ? null : sql`now() - ${daysAgo} * interval '1 day'` })
        .where(eq(jobs.id, id));
      ids[name] = id;
    };
    await add('oldOk', 'succeeded', 8);
    await add('newOk', 'succeeded', 6);
    await add('oldFailed', 'failed', 31);
    await add('newFailed', 'failed', 8);
    await add('waiting', 'queued', 0);
    await pruneJobs(database.db);
    const left = await database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.type, s.type));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([ids.newOk, ids.newFailed, ids.waiting].sort((a, b) => a! - b!));
  });
});

/** JSON log lines written through a pino logger, for the "which instance ran which period" checks. */
function logCollector() {
  const lines: { msg: string; job?: string; period?: string; instance?: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger('info', sink) };
}

/** Instances: on Postgres each with a connection pool of its own; PGlite is one process's database, shared. */
async function instanceDbs(n: number): Promise<Database[]> {
  const out: Database[] = [];
  for (let i = 0; i < n; i++) {
    if (!onPostgres) out.push(database);
    else {
      const d = await openPostgres(database.url!, { max: 3 });
      others.push(d);
      out.push(d);
    }
  }
  return out;
}

describe('several instances on one database', () => {
  it('enqueue each period of a recurring job once between them, and run it once', async () => {
    const { lines, logger } = logCollector();
    const s = spec<RecurringPayload>();
    const periodSeconds = 0.4;
    const metrics = [createMetrics(), createMetrics(), createMetrics()];
    const dbs = await instanceDbs(3);
    const startedAt = Date.now();
    const instances = await Promise.all(
      dbs.map((d, i) =>
        startQueue({
          db: d.db,
          pubsub: d.pubsub,
          logger,
          handlers: [handler(s, async () => 'ok')],
          recurring: [{ spec: s, everySeconds: 3600 }],
          periods: { [s.type]: periodSeconds },
          metrics: metrics[i],
          instance: `i${i}`,
          pollMs: 100,
        }),
      ),
    );
    await Promise.all(instances.map((q) => q.started));
    await new Promise((r) => setTimeout(r, 3_000));
    await Promise.all(instances.map((q) => q.stop()));
    const elapsedPeriods = (Date.now() - startedAt) / (periodSeconds * 1000);

    const runs = lines.filter((l) => l.msg === 'job ran' && l.job === s.type);
    const periods = runs.map((r) => r.period!);
    // Never a period twice; most periods ran (a loaded machine can delay every instance's timers past a period).
    expect(new Set(periods).size).toBe(periods.length);
    expect(periods.length).toBeGreaterThanOrEqual(Math.floor(elapsedPeriods * 0.6) - 2);
    for (const p of periods) expect(Date.parse(p) % (periodSeconds * 1000)).toBe(0);
    // The others did look, and found the period taken: the claim, not luck, kept it to one.
    let done = 0;
    for (const m of metrics) {
      const values = (await m.registry.getSingleMetric('synergy_job_runs_total')!.get()).values;
      done += values.filter((v) => v.labels.outcome === 'done').reduce((a, v) => a + v.value, 0);
    }
    expect(done).toBeGreaterThan(periods.length);
  });

  it('never run one job on two workers, and run every job once', async () => {
    const s = spec<{ n: number }>();
    const running = new Set<number>();
    const overlaps: number[] = [];
    const runs = new Map<number, number>();
    const byInstance = [0, 0];
    const dbs = await instanceDbs(2);
    const work = (i: number) =>
      handler(s, async ({ job }) => {
        if (running.has(job.id)) overlaps.push(job.id);
        running.add(job.id);
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        byInstance[i]!++;
        await new Promise((r) => setTimeout(r, 3));
        running.delete(job.id);
      });
    const instances = await Promise.all(
      dbs.map((d, i) => startQueue({ db: d.db, pubsub: d.pubsub, logger: silent, handlers: [work(i)], concurrency: 4, pollMs: 60_000 })),
    );
    queues.push(...instances);
    const ids: number[] = [];
    for (let n = 0; n < 60; n++) ids.push((await enqueue(database.db, s, { n })).id);
    await Promise.all(instances.map((q) => q.drain()));
    expect(overlaps).toEqual([]);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    if (onPostgres) expect(byInstance.every((n) => n > 0)).toBe(true);
  });
});

describe.runIf(onPostgres)('a worker process killed mid-job (real Postgres)', () => {
  it('leaves the job to be taken back and run again by another instance', async () => {
    const s = defineJob({ type: 'crash-test', backoff: [0], timeoutMs: 1_500 });
    const { id } = await enqueue(database.db, s, {});
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../test/queue-child.ts')], {
      env: { ...process.env, QUEUE_CHILD_DATABASE_URL: database.url! },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((r) => child.once('exit', r));
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`child exited with ${code} before it started the job`)));
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line === `started ${id}`) resolve();
      });
    });
    child.kill('SIGKILL');
    await exited;
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });
    let ran = 0;
    const survivor = await queue([handler(s, async () => void ran++)], { reapEveryMs: 0 });
    await until('the job taken back and run', async () => (await survivor.drain(), (await jobRow(id)).status === 'succeeded'));
    expect(ran).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });
});
