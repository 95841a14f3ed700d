// In-process job scheduler. Every instance runs it; Postgres makes each job run once per period across all
// of them (docs/decisions/0141-jobs-once-per-period.md):
// - periods are fixed windows of wall-clock time (UTC, counted from the Unix epoch): a daily job's period is
//   the UTC day, the mail job's the minute;
// - each instance checks every job at start and then twice a period (at most every 30 s);
// - a check takes the job's advisory lock (pg_try_advisory_xact_lock: transaction-scoped, so a pooled
//   connection can never hold it after the transaction) and then claims the period in app_meta
//   (`job:<name>`), in the same transaction as the job's work. A period already claimed is 'done'; a job
//   that throws rolls its claim back with its work, and the next check retries it.
import { sql } from 'drizzle-orm';
import { app_meta } from '../../drizzle/schema';
import type { Db, DbOrTx, Tx } from '../db/client';
import type { Logger } from '../lib/logger';
import type { Metrics } from '../lib/metrics';
import { expireSubscriptions } from '../modules/subscriptions/service';
import { pruneRecommendationDisplays } from '../modules/materials/displays';

export interface Job {
  name: string;
  /** Any constant bigint; distinct per job. */
  lockKey: number;
  /** The default period; JOB_SCHEDULE can override it per job. */
  everyHours: number;
  /** Runs in the transaction that holds the job's lock and claims its period. */
  run(tx: Tx): Promise<unknown>;
}

export const JOBS: Job[] = [
  { name: 'expire-subscriptions', lockKey: 727_002_001, everyHours: 24, run: (tx) => expireSubscriptions(tx) },
  // Retention of the recommendation display log (docs/decisions/0130).
  { name: 'prune-recommendation-displays', lockKey: 727_002_004, everyHours: 24, run: (tx) => pruneRecommendationDisplays(tx) },
];

export type JobOutcome = { job: string; ran: true; result: unknown } | { job: string; ran: false; reason: 'locked' | 'failed' | 'done' };

/** The longest wait between two checks of one job. */
const MAX_CHECK_MS = 30_000;

/** postgres-js answers raw queries with an array of rows, PGlite with `{ rows }`. */
function firstRow<T>(result: unknown): T | undefined {
  const rows = Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows;
  return rows?.[0] as T | undefined;
}

/** The start (Unix ms) of the period that contains `now`. */
export function periodStart(now: number, periodMs: number): number {
  return Math.floor(now / periodMs) * periodMs;
}

export interface RunOptions {
  logger?: Logger;
  metrics?: Pick<Metrics, 'jobs'>;
  /** Claim this period (Unix ms of its start) so that no instance runs it again; without it, a manual run. */
  period?: number;
  /** Named in the log line of a run (which instance did it). */
  instance?: string;
}

/** Runs one job under its advisory lock; 'locked' while another instance runs it, 'done' when its period is already claimed. */
export async function runJobOnce(db: Db, job: Job, opts: RunOptions | Logger = {}): Promise<JobOutcome> {
  const { logger, metrics, period, instance } = 'info' in opts ? ({ logger: opts } as RunOptions) : opts;
  const started = performance.now();
  const count = (outcome: 'ran' | 'done' | 'locked' | 'failed') => metrics?.jobs.runs.inc({ job: job.name, outcome });
  try {
    const outcome = await db.transaction(async (tx): Promise<JobOutcome> => {
      const got = firstRow<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${sql.raw(String(job.lockKey))}) as locked`));
      if (!got?.locked) return { job: job.name, ran: false, reason: 'locked' };
      if (period !== undefined && !(await claimPeriod(tx, job.name, period))) return { job: job.name, ran: false, reason: 'done' };
      const result = await job.run(tx);
      const ms = Math.round(performance.now() - started);
      logger?.info({ job: job.name, period: period === undefined ? undefined : new Date(period).toISOString(), instance, ms, result }, 'job ran');
      return { job: job.name, ran: true, result };
    });
    if (outcome.ran) {
      metrics?.jobs.duration.observe({ job: job.name }, (performance.now() - started) / 1000);
      metrics?.jobs.lastSuccess.set({ job: job.name }, Date.now() / 1000);
      count('ran');
    } else count(outcome.reason);
    return outcome;
  } catch (err) {
    logger?.error({ err, job: job.name }, 'job failed');
    count('failed');
    return { job: job.name, ran: false, reason: 'failed' };
  }
}

/** Records that this period of the job has run; false when it already had (by any instance). */
async function claimPeriod(tx: DbOrTx, name: string, period: number): Promise<boolean> {
  const rows = await tx
    .insert(app_meta)
    .values({ key: `job:${name}`, value: { period_start: period }, updated_at: new Date() })
    .onConflictDoUpdate({
      target: app_meta.key,
      set: { value: sql`excluded.value`, updated_at: sql`excluded.updated_at` },
      setWhere: sql`coalesce((${app_meta.value}->>'period_start')::bigint, 0) < ${period}`,
    })
    .returning({ key: app_meta.key });
  return rows.length > 0;
}

export interface Scheduler {
  /** Resolves when the first round (checked at start) has finished. */
  started: Promise<JobOutcome[]>;
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  db: Db;
  logger: Logger;
  jobs?: Job[];
  /** Period overrides in seconds by job name (JOB_SCHEDULE). */
  periods?: Record<string, number>;
  metrics?: Pick<Metrics, 'jobs'>;
  instance?: string;
  /** Tests only: the clock. */
  now?: () => number;
}

export function startScheduler(opts: SchedulerOptions): Scheduler {
  const jobs = opts.jobs ?? JOBS;
  const now = opts.now ?? Date.now;
  const unknown = Object.keys(opts.periods ?? {}).filter((name) => !jobs.some((j) => j.name === name));
  if (unknown.length) throw new Error(`JOB_SCHEDULE names no such job: ${unknown.join(', ')} (jobs: ${jobs.map((j) => j.name).join(', ')})`);

  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<JobOutcome>>();
  let stopped = false;

  const check = (job: Job, periodMs: number): Promise<JobOutcome> => {
    if (stopped) return Promise.resolve({ job: job.name, ran: false, reason: 'locked' });
    const p = runJobOnce(opts.db, job, { logger: opts.logger, metrics: opts.metrics, instance: opts.instance, period: periodStart(now(), periodMs) });
    running.add(p);
    void p.finally(() => running.delete(p));
    return p;
  };

  const started = Promise.all(
    jobs.map((job) => {
      const periodMs = (opts.periods?.[job.name] ?? job.everyHours * 3600) * 1000;
      // Twice a period, so that timer drift can never skip one; the first check right away.
      const everyMs = Math.min(MAX_CHECK_MS, Math.max(50, periodMs / 2));
      const first = check(job, periodMs);
      const loop = () => {
        if (stopped) return;
        void check(job, periodMs).finally(() => {
          if (stopped) return;
          const t = setTimeout(loop, everyMs);
          t.unref();
          timers.set(job.name, t);
        });
      };
      void first.finally(() => {
        if (stopped) return;
        const t = setTimeout(loop, everyMs);
        t.unref();
        timers.set(job.name, t);
      });
      return first;
    }),
  );

  return {
    started,
    async stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      await Promise.allSettled([...running]);
    },
  };
}
