// The administrators' view of the background job queue.
import { route } from '../../rest/define';

export const jobsRest = [
  route({
    method: 'get',
    path: '/admin/jobs',
    procedure: 'jobs.admin.list',
    query: 'rest',
    summary: 'Background jobs, newest first (status=queued|running|succeeded|failed, type), paged, with counts by status and type',
  }),
  route({
    method: 'post',
    path: '/admin/jobs/:id/retry',
    procedure: 'jobs.admin.retry',
    params: { id: 'id' },
    summary: 'Run a failed job again at once under the same id (a new round of attempts); 409 unless it failed',
  }),
];
