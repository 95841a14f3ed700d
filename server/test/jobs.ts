// Test helpers for the job queue: make waiting retries due now instead of sleeping through their backoff.
import { and, eq, sql } from 'drizzle-orm';
import { jobs } from '../../drizzle/schema';
import type { DbOrTx } from '../db/client';

/** Every queued job (of this type) becomes due now, as if its backoff had passed. */
export async function dueNow(db: DbOrTx, type?: string): Promise<void> {
  await db
    .update(jobs)
    .set({ run_at: sql`now()` })
    .where(and(eq(jobs.status, 'queued'), type ? eq(jobs.type, type) : undefined));
}
