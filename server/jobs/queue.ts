// The one durable job queue for background work (docs/decisions/0190): scheduled jobs, mail, bulk-upload digests,
// and what later work adds (webhooks, notifications). A job is a row of `jobs`, written with `enqueue` in the
// transaction of the change that causes it, so it exists exactly when that change commits. Every instance runs
// `startQueue`, a worker that:
// - claims due jobs with FOR UPDATE SKIP LOCKED, so no two workers of any instance claim the same job, and
//   runs at most `concurrency` at once, so background work never takes the whole database pool from requests;
// - hears of new jobs at once through NOTIFY (sent with the enqueuing transaction's commit; on PGlite the same
//   channel works in-process) and looks for due ones every `pollMs` besides (retries, lost notifications);
// - retries a failed attempt after its type's backoff (a list of waits, so a type can follow any schedule),
//   and marks the job `failed` with its last error after the last attempt; the job keeps its id throughout;
// - gives each attempt a lease of the type's timeout plus a grace: a job whose worker died mid-run (its lease
//   passed) is due again, so delivery is at least once;
// - enqueues each recurring job once per period across all instances (a claim in app_meta that only moves
//   forward, committed with the job: docs/decisions/0192);
// - on stop, claims nothing more and waits for the jobs it runs (decision 0143).
import { and, eq, lte, or, sql } from 'drizzle-orm';
import { app_meta, jobs } from '../../drizzle/schema';
import type { Db, DbOrTx, PubSub, Tx } from '../db/client';
import { notifyInTx } from '../db/notify';
import type { Logger } from '../lib/logger';
import type { Metrics } from '../lib/metrics';
import { afterAttempt, checkEveryMs, periodStart, type RetryPolicy } from './policy';

export const JOBS_CHANNEL = 'synergy_jobs';

/** A running job whose lease passed this long after its timeout is taken to be abandoned by its worker. */
const LEASE_GRACE_MS = 30_000;
/** How often an instance looks for abandoned jobs. */
const REAP_EVERY_MS = 5_000;
const MAX_ERROR_LENGTH = 500;

/** A kind of job: its name and retry policy. Defined once, next to the code that enqueues it. */
export interface JobSpec<P = unknown> extends RetryPolicy {
  readonly type: string;
  /** The longest one attempt may take; then it counts as failed and its work is told to stop (the signal). */
  readonly timeoutMs: number;
  /** Never set: carries the payload's type from `enqueue` to the handler. */
  readonly payload?: P;
}

export function defineJob<P>(spec: { type: string; backoff: readonly number[]; maxAttempts?: number; timeoutMs?: number }): JobSpec<P> {
  const maxAttempts = spec.maxAttempts ?? spec.backoff.length + 1;
  if (!/^[a-z0-9-]+$/.test(spec.type)) throw new Error(`job type "${spec.type}": lower-case letters, digits and dashes only`);
  if (maxAttempts < 1) throw new Error(`job type "${spec.type}": at least one attempt`);
  return { type: spec.type, backoff: spec.backoff, maxAttempts, timeoutMs: spec.timeoutMs ?? 60_000 };
}

export interface JobInfo<P> {
  id: number;
  type: string;
  payload: P;
  /** 1 for the first attempt (of this round: an administrator's retry starts again at 1). */
  attempt: number;
  max_attempts: number;
}

export interface JobContext<P, D extends DbOrTx> {
  job: JobInfo<P>;
  /** The database; for a transactional handler, the transaction that also marks the job done. */
  db: D;
  /** Aborted when the attempt times out or the worker stops: long I/O should pass it on. */
  signal: AbortSignal;
  logger: Logger;
  /** This attempt is the last: if it fails, the job is failed for good. */
  lastAttempt: boolean;
}

export interface JobHandler {
  spec: JobSpec<unknown>;
  transactional: boolean;
  run(ctx: JobContext<unknown, DbOrTx>): Promise<unknown>;
}

/** Work that talks to the outside world (SMTP, HTTP): runs outside any transaction; the job is marked done after it. */
export function handler<P>(spec: JobSpec<P>, run: (ctx: JobContext<P, Db>) => Promise<unknown>): JobHandler {
  return { spec: spec as JobSpec<unknown>, transactional: false, run: run as JobHandler['run'] };
}

/** Database work: runs in one transaction with the job's completion, so the job is done exactly when its work commits. */
export function transactionalHandler<P>(spec: JobSpec<P>, run: (ctx: JobContext<P, Tx>) => Promise<unknown>): JobHandler {
  return { spec: spec as JobSpec<unknown>, transactional: true, run: run as JobHandler['run'] };
}

/** Thrown by a handler when trying again cannot help (the row it works on is gone): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** The error text kept on the job (and shown to administrators): no URL credentials, no AUTH lines, one line, bounded. */
export function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const clean = message
    .replace(/(\w+:\/\/)[^/\s@]*@/g, '$1[redacted]@')
    .replace(/\bAUTH\s+\S+(\s+\S+)?/gi, 'AUTH [redacted]')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > MAX_ERROR_LENGTH ? `${clean.slice(0, MAX_ERROR_LENGTH - 1)}…` : clean || 'unknown error';
}

/**
 * Adds a job; pass the transaction of the change that causes it, so the job exists exactly when the change
 * commits. Workers hear of it when that transaction commits (at once when `db` is no transaction).
 */
export async function enqueue<P>(db: DbOrTx, spec: JobSpec<P>, payload: P, opts: { delayMs?: number } = {}): Promise<{ id: number }> {
  const [row] = await db
    .insert(jobs)
    .values({
      type: spec.type,
      payload: payload as object,
      max_attempts: spec.maxAttempts,
      ...(opts.delayMs ? { run_at: sql`now() + ${opts.delayMs} * interval '1 millisecond'` } : {}),
    })
    .returning({ id: jobs.id });
  if (!opts.delayMs) await notifyInTx(db, JOBS_CHANNEL, spec.type);
  return { id: row!.id };
}

/** Many jobs of one type in a few statements (500 rows each) and one notification. */
export async function enqueueMany<P>(db: DbOrTx, spec: JobSpec<P>, payloads: readonly P[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < payloads.length; i += 500) {
    const rows = await db
      .insert(jobs)
      .values(payloads.slice(i, i + 500).map((payload) => ({ type: spec.type, payload: payload as object, max_attempts: spec.maxAttempts })))
      .returning({ id: jobs.id });
    ids.push(...rows.map((r) => r.id));
  }
  if (ids.length) await notifyInTx(db, JOBS_CHANNEL, spec.type);
  return ids;
}

/**
 * Puts a failed job back in the queue at once, with the same id and a new round of attempts. 'not_failed' for a
 * job that is queued, running or done (nothing to retry), 'not_found' for no such job.
 */
export async function retryJob(db: DbOrTx, id: number): Promise<'retried' | 'not_failed' | 'not_found'> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, run_at: sql`now()`, finished_at: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning({ type: jobs.type });
  if (row) {
    await notifyInTx(db, JOBS_CHANNEL, row.type);
    return 'retried';
  }
  const [exists] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id));
  return exists ? 'not_failed' : 'not_found';
}

/** How long finished jobs stay for the admin view: succeeded ones a week, failed ones a month (time to look and retry). */
export const KEEP_SUCCEEDED_DAYS = 7;
export const KEEP_FAILED_DAYS = 30;

/** Deletes finished jobs past their keeping time, at most `limit` a run (a large backlog goes over several runs). */
export async function pruneJobs(db: DbOrTx, limit = 10_000): Promise<{ deleted: number }> {
  const old = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      sql`(${jobs.status} = 'succeeded' and ${jobs.finished_at} < now() - ${KEEP_SUCCEEDED_DAYS} * interval '1 day')
        or (${jobs.status} = 'failed' and ${jobs.finished_at} < now() - ${KEEP_FAILED_DAYS} * interval '1 day')`,
    )
    .limit(limit);
  const rows = await db
    .delete(jobs)
    .where(sql`${jobs.id} = any(array(${old}))`)
    .returning({ id: jobs.id });
  return { deleted: rows.length };
}

/** A job enqueued once per period (UTC, from the Unix epoch) across all instances. */
export interface RecurringJob {
  spec: JobSpec<RecurringPayload>;
  /** The default period; JOB_SCHEDULE can override it by the job's type. */
  everySeconds: number;
}
/** A recurring job's payload: the start of its period (ISO). */
export interface RecurringPayload {
  period: string;
}

/**
 * Enqueues the recurring job for the period that starts at `period` (Unix ms) unless any instance already did:
 * the claim (`job:<type>` in app_meta, an upsert that only moves forward) and the job commit together. A period
 * that begins while an earlier period's job waits for a retry is claimed without a job of its own, so a job that
 * keeps failing does not pile up copies of itself. False when the period was already claimed. A recurring job
 * may still run beside the previous period's (one claimed late in its period): its work must be idempotent, as
 * every job's must be under at-least-once delivery.
 */
export async function claimPeriod(db: Db, spec: JobSpec<RecurringPayload>, period: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(app_meta)
      .values({ key: `job:${spec.type}`, value: { period_start: period }, updated_at: new Date() })
      .onConflictDoUpdate({
        target: app_meta.key,
        set: { value: sql`excluded.value`, updated_at: sql`excluded.updated_at` },
        setWhere: sql`coalesce((${app_meta.value}->>'period_start')::bigint, 0) < ${period}`,
      })
      .returning({ key: app_meta.key });
    if (!claimed.length) return false;
    const [pending] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.type, spec.type), eq(jobs.status, 'queued'), sql`${jobs.attempts} > 0`))
      .limit(1);
    if (!pending) await enqueue(tx, spec, { period: new Date(period).toISOString() });
    return true;
  });
}

export interface QueueOptions {
  db: Db;
  pubsub: PubSub;
  logger: Logger;
  /** The job types this instance runs; jobs of other types wait for an instance that has their handler. */
  handlers: readonly JobHandler[];
  recurring?: readonly RecurringJob[];
  /** Period overrides in seconds by recurring job type (JOB_SCHEDULE). */
  periods?: Record<string, number>;
  /** Jobs run at once by this instance. */
  concurrency?: number;
  /** How often to look for due jobs besides being told (retries come due without a notification). */
  pollMs?: number;
  metrics?: Pick<Metrics, 'jobs'>;
  /** Named on claimed jobs and in log lines (which instance ran it). */
  instance?: string;
  /** Tests only: the clock that places recurring periods. */
  now?: () => number;
  /** Tests only: the lease's margin over a type's timeout, and how often to look for abandoned jobs. */
  leaseGraceMs?: number;
  reapEveryMs?: number;
}

export interface Queue {
  /** Resolves once the first check of every recurring job is done. */
  started: Promise<void>;
  /** Runs due jobs until none is due and none runs here (tests, and scripts that want the work done now). */
  drain(): Promise<void>;
  /** Claims nothing more and waits for the running jobs; after `graceMs` it stops waiting and aborts them (their lease lets another instance retry them). */
  stop(graceMs?: number): Promise<void>;
}

interface Claimed {
  id: number;
  type: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  lock_id: string | null;
}

class LostClaim extends Error {}

export async function startQueue(opts: QueueOptions): Promise<Queue> {
  const { db, logger } = opts;
  const handlers = new Map(opts.handlers.map((h) => [h.spec.type, h]));
  const recurring = opts.recurring ?? [];
  const unknown = Object.keys(opts.periods ?? {}).filter((name) => !recurring.some((r) => r.spec.type === name));
  if (unknown.length)
    throw new Error(`JOB_SCHEDULE names no such job: ${unknown.join(', ')} (jobs: ${recurring.map((r) => r.spec.type).join(', ')})`);
  const concurrency = Math.max(1, opts.concurrency ?? 2);
  const pollMs = opts.pollMs ?? 2_000;
  const now = opts.now ?? Date.now;
  const instance = opts.instance ?? null;
  const leaseGraceMs = opts.leaseGraceMs ?? LEASE_GRACE_MS;
  const reapEveryMs = opts.reapEveryMs ?? REAP_EVERY_MS;
  const types = [...handlers.keys()];

  const running = new Map<number, { promise: Promise<void>; abort: AbortController }>();
  /** Jobs this worker gave up on at stop: whatever becomes of them here is left unrecorded, to their lease. */
  const abandoned = new Set<number>();
  const timers = new Set<NodeJS.Timeout>();
  const checks = new Set<Promise<unknown>>();
  let stopped = false;
  let pumping: Promise<number> | null = null;
  let again = false;
  let lastReap = 0;

  const count = (job: string, outcome: 'ran' | 'retried' | 'failed' | 'done') => opts.metrics?.jobs.runs.inc({ job, outcome });

  /** Due jobs of the types handled here, up to `limit`, claimed for this worker. */
  const claim = async (limit: number): Promise<Claimed[]> => {
    if (!types.length || limit <= 0) return [];
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.run_at, sql`now()`), sql`${jobs.type} in ${types}`))
      .orderBy(jobs.run_at, jobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    const lease = sql`case ${jobs.type} ${sql.join(
      types.map((t) => sql`when ${t} then ${handlers.get(t)!.spec.timeoutMs + leaseGraceMs}::int`),
      sql` `,
    )} end`;
    // The ids in an array: a sub-select that locks rows is run once, never re-evaluated per row by the planner.
    return db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lock_id: sql`gen_random_uuid()`,
        locked_by: instance,
        started_at: sql`now()`,
        lease_until: sql`now() + ${lease} * interval '1 millisecond'`,
      })
      .where(sql`${jobs.id} = any(array(${due}))`)
      .returning({
        id: jobs.id,
        type: jobs.type,
        payload: jobs.payload,
        attempts: jobs.attempts,
        max_attempts: jobs.max_attempts,
        lock_id: jobs.lock_id,
      });
  };

  /** Jobs whose worker stopped mid-run (the lease passed): due again, or failed if that was their last attempt. */
  const reap = async () => {
    const rows = await db
      .update(jobs)
      .set({
        status: sql`case when ${jobs.attempts} >= ${jobs.max_attempts} then 'failed' else 'queued' end`,
        run_at: sql`now()`,
        last_error: 'The worker stopped before the job finished (its lease passed).',
        finished_at: sql`case when ${jobs.attempts} >= ${jobs.max_attempts} then now() end`,
        lock_id: null,
        locked_by: null,
        lease_until: null,
      })
      .where(and(eq(jobs.status, 'running'), lte(jobs.lease_until, sql`now()`)))
      .returning({ id: jobs.id, type: jobs.type, status: jobs.status });
    for (const r of rows) logger.warn({ job: r.type, job_id: r.id, status: r.status }, 'job abandoned by its worker taken back');
  };

  const mine = (row: Claimed) => and(eq(jobs.id, row.id), eq(jobs.lock_id, row.lock_id!));

  /** Claimed jobs that will not run here: queued again, the attempt their claim counted undone. */
  const giveBack = async (rows: Claimed[]) => {
    if (!rows.length) return;
    await db
      .update(jobs)
      .set({ status: 'queued', attempts: sql`${jobs.attempts} - 1`, started_at: null, lock_id: null, locked_by: null, lease_until: null })
      .where(or(...rows.map(mine)));
  };

  const markDone = (tx: DbOrTx, row: Claimed) =>
    tx
      .update(jobs)
      .set({ status: 'succeeded', finished_at: sql`now()`, last_error: null, lock_id: null, locked_by: null, lease_until: null })
      .where(mine(row))
      .returning({ id: jobs.id });

  const execute = async (h: JobHandler, row: Claimed, signal: AbortSignal): Promise<unknown> => {
    const job: JobInfo<unknown> = { id: row.id, type: row.type, payload: row.payload, attempt: row.attempts, max_attempts: row.max_attempts };
    const base = { job, signal, logger, lastAttempt: row.attempts >= row.max_attempts };
    // Work that ends after its attempt timed out has been counted as failed already: it does not mark the job done.
    if (!h.transactional) {
      const result = await h.run({ ...base, db });
      if (signal.aborted || !(await markDone(db, row)).length) throw new LostClaim();
      return result;
    }
    return db.transaction(async (tx) => {
      const result = await h.run({ ...base, db: tx });
      if (signal.aborted || !(await markDone(tx, row)).length) throw new LostClaim();
      return result;
    });
  };

  const runOne = async (row: Claimed, abort: AbortController) => {
    const h = handlers.get(row.type)!;
    const started = performance.now();
    const period = (row.payload as Partial<RecurringPayload> | null)?.period;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<{ kind: 'timeout' }>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'timeout' }), h.spec.timeoutMs);
    });
    const work = execute(h, row, abort.signal).then(
      (result) => ({ kind: 'ok' as const, result }),
      (err: unknown) => ({ kind: 'error' as const, err }),
    );
    const outcome = await Promise.race([work, timeout]);
    clearTimeout(timer);
    if (outcome.kind === 'timeout') abort.abort(new Error(`timed out after ${h.spec.timeoutMs} ms`));
    if (abandoned.has(row.id)) return;
    const ms = Math.round(performance.now() - started);

    if (outcome.kind === 'ok') {
      logger.info({ job: row.type, job_id: row.id, attempt: row.attempts, period, instance, ms, result: outcome.result }, 'job ran');
      opts.metrics?.jobs.duration.observe({ job: row.type }, ms / 1000);
      opts.metrics?.jobs.lastSuccess.set({ job: row.type }, Date.now() / 1000);
      count(row.type, 'ran');
      return;
    }
    if (outcome.kind === 'error' && outcome.err instanceof LostClaim) {
      logger.warn({ job: row.type, job_id: row.id }, 'job finished after its claim was taken back; left as it is');
      return;
    }
    const err = outcome.kind === 'timeout' ? new Error(`timed out after ${h.spec.timeoutMs / 1000} s`) : outcome.err;
    const next = afterAttempt(h.spec, row.attempts, err instanceof PermanentJobError ? 'permanent' : 'error');
    const status = next.status === 'queued' ? 'queued' : 'failed';
    const delayMs = next.status === 'queued' ? next.delayMs : 0;
    const last_error = describeError(err);
    try {
      await db
        .update(jobs)
        .set({
          status,
          run_at: sql`now() + ${delayMs} * interval '1 millisecond'`,
          last_error,
          finished_at: status === 'failed' ? sql`now()` : null,
          lock_id: null,
          locked_by: null,
          lease_until: null,
        })
        .where(mine(row));
    } catch (recordErr) {
      // The lease runs out and the job is taken back: the attempt counts all the same.
      logger.error({ err: recordErr, job: row.type, job_id: row.id }, 'job failure not recorded');
    }
    count(row.type, status === 'queued' ? 'retried' : 'failed');
    const line = {
      job: row.type,
      job_id: row.id,
      attempt: row.attempts,
      period,
      instance,
      ms,
      status,
      retry_in_ms: delayMs || undefined,
      error: last_error,
    };
    if (status === 'failed') logger.error(line, 'job failed');
    else logger.warn(line, 'job attempt failed');
  };

  const start = (row: Claimed) => {
    const abort = new AbortController();
    const promise = runOne(row, abort)
      .catch((err: unknown) => logger.error({ err, job: row.type, job_id: row.id }, 'job runner failed'))
      .finally(() => {
        running.delete(row.id);
        if (!stopped) void pump();
      });
    running.set(row.id, { promise, abort });
  };

  /** Claims and starts due jobs while slots are free; resolves with how many it started. */
  const pump = (): Promise<number> => {
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = (async () => {
      let startedJobs = 0;
      try {
        do {
          again = false;
          if (Date.now() - lastReap >= reapEveryMs) {
            lastReap = Date.now();
            await reap();
          }
          while (!stopped) {
            const rows = await claim(concurrency - running.size);
            // A claim sent before stop() can come back after it (another connection's new job committed meanwhile):
            // those jobs go back to the queue untouched, for another worker or the next start.
            if (stopped) {
              await giveBack(rows);
              break;
            }
            for (const row of rows) start(row);
            startedJobs += rows.length;
            if (!rows.length || running.size >= concurrency) break;
          }
        } while (again && !stopped);
      } catch (err) {
        logger.error({ err }, 'job queue: claiming failed');
      } finally {
        pumping = null;
      }
      return startedJobs;
    })();
    return pumping;
  };

  const unlisten = await opts.pubsub.subscribe(JOBS_CHANNEL, (type) => {
    if (!stopped && handlers.has(type)) void pump();
  });
  const poll = setInterval(() => void pump(), pollMs);
  poll.unref();

  // Recurring jobs: each instance checks at start and then twice a period whether a new period has begun.
  const checkRecurring = (r: RecurringJob, periodMs: number): Promise<unknown> => {
    const p = claimPeriod(db, r.spec, periodStart(now(), periodMs))
      .then((claimed) => {
        if (!claimed) count(r.spec.type, 'done');
      })
      .catch((err: unknown) => logger.error({ err, job: r.spec.type }, 'recurring job not enqueued'));
    checks.add(p);
    void p.finally(() => checks.delete(p));
    return p;
  };
  const started = Promise.all(
    recurring.map((r) => {
      const periodMs = (opts.periods?.[r.spec.type] ?? r.everySeconds) * 1000;
      const every = checkEveryMs(periodMs);
      const loop = () => {
        if (stopped) return;
        const t = setTimeout(() => {
          timers.delete(t);
          void checkRecurring(r, periodMs).finally(loop);
        }, every);
        t.unref();
        timers.add(t);
      };
      return checkRecurring(r, periodMs).finally(loop);
    }),
  ).then(() => undefined);
  void pump();

  return {
    started,
    async drain() {
      for (;;) {
        await started;
        if (running.size) {
          await Promise.allSettled([...running.values()].map((r) => r.promise));
          continue;
        }
        const n = await pump();
        if (!n && !running.size && !pumping) return;
      }
    },
    async stop(graceMs = Number.POSITIVE_INFINITY) {
      stopped = true;
      clearInterval(poll);
      for (const t of timers) clearTimeout(t);
      await unlisten();
      await Promise.allSettled([...checks]);
      await pumping;
      const all = Promise.allSettled([...running.values()].map((r) => r.promise));
      if (Number.isFinite(graceMs)) {
        let timer: NodeJS.Timeout | undefined;
        const late = await Promise.race([
          all.then(() => false),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
        ]);
        clearTimeout(timer);
        if (late) {
          logger.warn({ jobs: [...running.keys()] }, 'jobs still running at shutdown were left to their lease');
          for (const [id, r] of running) {
            abandoned.add(id);
            r.abort.abort(new Error('the worker is stopping'));
          }
        }
      } else await all;
    },
  };
}
