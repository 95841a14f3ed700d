import { adminJobsInput, adminListOutput, adminRetryOutput, jobIdInput } from '../../../shared/schemas/jobs';
import { adminProcedure, router } from '../../trpc/init';
import * as service from './service';

export const jobsRouter = router({
  admin: router({
    list: adminProcedure
      .input(adminJobsInput)
      .output(adminListOutput)
      .query(({ ctx, input }) => service.listJobs(ctx.deps, ctx.actor, input)),
    retry: adminProcedure
      .input(jobIdInput)
      .output(adminRetryOutput)
      .mutation(({ ctx, input }) => service.retryJob(ctx.deps, ctx.actor, input)),
  }),
});
