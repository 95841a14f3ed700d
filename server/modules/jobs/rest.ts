// The administrators' view of the background job queue.
import { get, post } from '../../rest/define';

export const jobsRest = [
  get('/admin/jobs', 'jobs.admin.list', {
    query: 'rest',
    summary: 'Background jobs, newest first (status=queued|running|succeeded|failed, type), paged, with counts by status and type',
  }),
  post('/admin/jobs/:id/retry', 'jobs.admin.retry', {
    summary: 'Run a failed job again at once under the same id (a new round of attempts); 409 unless it failed',
  }),
];
