// The administrators' view of the background job queue (server/jobs/queue.ts): what waits, runs and failed, with
// each failure's last error, and a retry for a failed job (same id, a new round of attempts).
import type { z } from 'zod';
import { JOB_STATUSES, type JobStatus } from '../../../shared/constants/enums';
import { pageOf } from '../../../shared/schemas/_primitives';
import type { adminJobsInput } from '../../../shared/schemas/jobs';
import type { Deps } from '../../deps';
import { retryJob as retry } from '../../jobs/queue';
import type { AdminActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

/**
 * `GET admin/jobs`: newest first, by status and type, with the counts by status and type for the filters, and
 * whether mail is delivered at all (without SMTP_URL no instance runs mail jobs: they wait, and people read the
 * outbox).
 */
export async function listJobs(deps: Deps, _actor: AdminActor, input: z.output<typeof adminJobsInput>) {
  const [{ rows, total }, counts] = await Promise.all([repo.listJobs(deps.db, input), repo.jobCounts(deps.db)]);
  const by_status = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as Record<JobStatus, number>;
  const types = new Map<string, number>();
  for (const c of counts) {
    by_status[c.status] += c.n;
    types.set(c.type, (types.get(c.type) ?? 0) + c.n);
  }
  return {
    ...pageOf(rows, total, input.page, input.size),
    counts: by_status,
    types: [...types].map(([type, n]) => ({ type, total: n })),
    mail_server: !!deps.env.SMTP_URL,
  };
}

/** `POST admin/jobs/{id}/retry`: a failed job runs again at once under the same id; 409 for any other state. */
export async function retryJob(deps: Deps, actor: AdminActor, input: { id: number }) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findJob(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND');
    const outcome = await retry(tx, input.id);
    if (outcome === 'not_found') throw new AppError('NOT_FOUND');
    if (outcome === 'not_failed') throw new AppError('CONFLICT', { message: { code: 'jobs.notFailed' } });
    await recordAudit(tx, actor, {
      action: 'job.retry',
      entity: 'job',
      entity_id: input.id,
      before: { status: before.status, attempts: before.attempts },
      after: { status: 'queued', attempts: 0 },
    });
    return { id: input.id, type: before.type, status: 'queued' as const };
  });
}
