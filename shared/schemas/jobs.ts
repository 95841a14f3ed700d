// The administrators' view of the background job queue (server/jobs/queue.ts).
import { JOB_STATUSES } from '../constants/enums';
import { pageInput, pageOutput } from './_primitives';
import { z } from './_zod';

/** `GET admin/jobs`: newest first, by status and type, paged. */
export const adminJobsInput = pageInput
  .extend({
    status: z.enum(JOB_STATUSES).optional(),
    type: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z0-9-]+$/)
      .optional(),
  })
  .default({ page: 0, size: 20 });

/** Job ids are bigints: past 2^31 they stay exact up to 2^53. */
export const jobIdInput = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** jobs.admin.retry */
export const adminRetryOutput = z.object({ id: z.number().int(), type: z.string(), status: z.literal('queued') });
/** jobs.admin.list */
export const adminListOutput = pageOutput(
  z.object({
    id: z.number().int(),
    type: z.string(),
    payload: z.unknown(),
    status: z.enum(JOB_STATUSES),
    attempts: z.number(),
    max_attempts: z.number(),
    run_at: z.date(),
    last_error: z.string().nullable(),
    locked_by: z.string().nullable(),
    created_at: z.date(),
    started_at: z.date().nullable(),
    finished_at: z.date().nullable(),
  }),
).extend({
  counts: z.object({ succeeded: z.number(), failed: z.number(), queued: z.number(), running: z.number() }),
  types: z.array(z.object({ type: z.string(), total: z.number().int() })),
  mail_server: z.boolean(),
});
