import {
  adminRunsOutput,
  newsletterRunsInput,
  subscribeInput,
  subscribeOutput,
  unsubscribeInfoOutput,
  unsubscribeInput,
  unsubscribeOutput,
} from '../../../shared/schemas/newsletter';
import { adminProcedure, publicProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const newsletterRouter = router({
  subscribe: publicProcedure
    .input(subscribeInput)
    .use(rateLimited('newsletter'))
    .output(subscribeOutput)
    .mutation(({ ctx, input }) => service.subscribe(ctx.deps, input)),
  /** The unsubscribe link's page: anyone holding the token, no login. */
  unsubscribeInfo: publicProcedure
    .input(unsubscribeInput)
    .output(unsubscribeInfoOutput)
    .query(({ ctx, input }) => service.unsubscribeInfo(ctx.deps, input)),
  unsubscribe: publicProcedure
    .input(unsubscribeInput)
    .use(rateLimited('newsletter'))
    .output(unsubscribeOutput)
    .mutation(({ ctx, input }) => service.unsubscribe(ctx.deps, input)),
  admin: router({
    runs: adminProcedure.input(newsletterRunsInput).output(adminRunsOutput).query(serve(service.listRuns)),
  }),
});
