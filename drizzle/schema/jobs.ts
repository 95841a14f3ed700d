import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './_columns';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/**
 * The one durable queue for background work (server/jobs/queue.ts, docs/decisions/0190): a row is written in the
 * transaction of the change that causes it, claimed by one worker at a time and retried with its type's backoff.
 */
export const jobs = pgTable(
  'jobs',
  {
    /** Stable across retries: what a receiver can deduplicate on. */
    id: bigserial({ mode: 'number' }).primaryKey(),
    type: text().notNull(),
    payload: jsonb().notNull().default({}),
    status: text().$type<JobStatus>().notNull().default('queued'),
    /** Attempts made so far in this round (an administrator's retry starts a new round at 0). */
    attempts: integer().notNull().default(0),
    max_attempts: integer().notNull(),
    /** Not before: the enqueue time, or when the next retry is due. */
    run_at: ts().notNull().defaultNow(),
    /** The current claim: a worker finishes the job only while the row still carries its claim. */
    lock_id: uuid(),
    locked_by: text(),
    /** A running job whose lease has passed was left by a worker that stopped: it is due again. */
    lease_until: ts(),
    last_error: text(),
    created_at: createdAt(),
    started_at: ts(),
    finished_at: ts(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.run_at, t.id)
      .where(sql`status = 'queued'`),
    index('jobs_lease_idx')
      .on(t.lease_until)
      .where(sql`status = 'running'`),
    index('jobs_status_idx').on(t.status, t.id),
  ],
);
