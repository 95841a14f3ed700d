// In-process job scheduler: each job runs once at start and then every `everyHours`. Several server
// instances may run it; a Postgres advisory lock lets only one of them do a given run.
// The lock is transaction-scoped (pg_try_advisory_xact_lock): with a connection pool a session lock
// (pg_try_advisory_lock) could be taken on one connection and "released" on another, while a transaction
// keeps its one connection to the end and releases the lock by itself, even when the job throws.
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import type { Logger } from '../lib/logger';
import { expireSubscriptions } from '../modules/subscriptions/service';

export interface Job {
  name: string;
  /** Any constant bigint; distinct per job. */
  lockKey: number;
  everyHours: number;
  run(tx: DbOrTx): Promise<unknown>;
}

export const JOBS: Job[] = [{ name: 'expire-subscriptions', lockKey: 727_002_001, everyHours: 24, run: (tx) => expireSubscriptions(tx) }];

export type JobOutcome = { job: string; ran: true; result: unknown } | { job: string; ran: false; reason: 'locked' | 'failed' };

/** postgres-js answers raw queries with an array of rows, PGlite with `{ rows }`. */
function firstRow<T>(result: unknown): T | undefined {
  const rows = Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows;
  return rows?.[0] as T | undefined;
}

/** Runs one job under its advisory lock; 'locked' when another instance is running it right now. */
export async function runJobOnce(db: Db, job: Job, logger?: Logger): Promise<JobOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const got = firstRow<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${sql.raw(String(job.lockKey))}) as locked`));
      if (!got?.locked) return { job: job.name, ran: false as const, reason: 'locked' as const };
      const result = await job.run(tx);
      logger?.info({ job: job.name, result }, 'job ran');
      return { job: job.name, ran: true as const, result };
    });
  } catch (err) {
    logger?.error({ err, job: job.name }, 'job failed');
    return { job: job.name, ran: false, reason: 'failed' };
  }
}

export interface Scheduler {
  /** Resolves when the first round (run at start) has finished. */
  started: Promise<JobOutcome[]>;
  stop(): Promise<void>;
}

export function startScheduler(opts: { db: Db; logger: Logger; jobs?: Job[] }): Scheduler {
  const jobs = opts.jobs ?? JOBS;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<JobOutcome>>();
  let stopped = false;
  const fire = (job: Job) => {
    if (stopped) return Promise.resolve<JobOutcome>({ job: job.name, ran: false, reason: 'locked' });
    const p = runJobOnce(opts.db, job, opts.logger);
    running.add(p);
    void p.finally(() => running.delete(p));
    return p;
  };
  const started = Promise.all(jobs.map(fire));
  for (const job of jobs) {
    const t = setInterval(() => void fire(job), job.everyHours * 3_600_000);
    t.unref();
    timers.push(t);
  }
  return {
    started,
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running]);
    },
  };
}
