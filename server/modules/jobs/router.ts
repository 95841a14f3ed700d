import * as schema from '../../../shared/schemas/jobs';
import { adminProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const jobsRouter = router({
  admin: router({
    list: adminProcedure.input(schema.adminJobsInput).output(schema.adminListOutput).query(serve(service.listJobs)),
    retry: adminProcedure.input(schema.jobIdInput).output(schema.adminRetryOutput).mutation(serve(service.retryJob)),
  }),
});
