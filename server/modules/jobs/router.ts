import { adminJobsInput, adminListOutput, adminRetryOutput, jobIdInput } from '../../../shared/schemas/jobs';
import { adminProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const jobsRouter = router({
  admin: router({
    list: adminProcedure.input(adminJobsInput).output(adminListOutput).query(serve(service.listJobs)),
    retry: adminProcedure.input(jobIdInput).output(adminRetryOutput).mutation(serve(service.retryJob)),
  }),
});
