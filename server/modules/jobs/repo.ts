import { and, count, desc, eq, sql } from 'drizzle-orm';
import { jobs } from '../../../drizzle/schema';
import type { JobStatus } from '../../../shared/constants/enums';
import type { DbOrTx } from '../../db/client';
import { firstRow } from '../../db/rows';

export async function listJobs(db: DbOrTx, input: { status?: JobStatus; type?: string; page: number; size: number }) {
  const where = and(input.status ? eq(jobs.status, input.status) : undefined, input.type ? eq(jobs.type, input.type) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: jobs.id,
        type: jobs.type,
        payload: jobs.payload,
        status: jobs.status,
        attempts: jobs.attempts,
        max_attempts: jobs.max_attempts,
        run_at: jobs.run_at,
        last_error: jobs.last_error,
        locked_by: jobs.locked_by,
        created_at: jobs.created_at,
        started_at: jobs.started_at,
        finished_at: jobs.finished_at,
      })
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.id))
      .limit(input.size)
      .offset(input.page * input.size),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many jobs of each type are in each status (what the filters offer, with their counts). */
export async function jobCounts(db: DbOrTx) {
  return db
    .select({ type: jobs.type, status: jobs.status, n: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.type, jobs.status)
    .orderBy(jobs.type, jobs.status);
}

export async function findJob(db: DbOrTx, id: number) {
  return firstRow(db.select({ id: jobs.id, type: jobs.type, status: jobs.status, attempts: jobs.attempts }).from(jobs).where(eq(jobs.id, id)));
}
