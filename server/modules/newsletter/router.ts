import * as schema from '../../../shared/schemas/newsletter';
import { adminProcedure, publicProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const newsletterRouter = router({
  subscribe: publicProcedure
    .input(schema.subscribeInput)
    .use(rateLimited('newsletter'))
    .output(schema.subscribeOutput)
    .mutation(({ ctx, input }) => service.subscribe(ctx.deps, input)),
  /** The unsubscribe link's page: anyone holding the token, no login. */
  unsubscribeInfo: publicProcedure
    .input(schema.unsubscribeInput)
    .output(schema.unsubscribeInfoOutput)
    .query(({ ctx, input }) => service.unsubscribeInfo(ctx.deps, input)),
  unsubscribe: publicProcedure
    .input(schema.unsubscribeInput)
    .use(rateLimited('newsletter'))
    .output(schema.unsubscribeOutput)
    .mutation(({ ctx, input }) => service.unsubscribe(ctx.deps, input)),
  admin: router({
    runs: adminProcedure.input(schema.newsletterRunsInput).output(schema.adminRunsOutput).query(serve(service.listRuns)),
  }),
});
