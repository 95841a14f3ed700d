import { adminQueriesInput, answerQueryInput, createQueryInput, queryIdInput, setQueryReadInput } from '../../../shared/schemas/queries';
import { adminProcedure, publicProcedure, rateLimited, router } from '../../trpc/init';
import * as service from './service';

export const queriesRouter = router({
  create: publicProcedure
    .input(createQueryInput)
    .use(rateLimited('helpQuery'))
    .mutation(({ ctx, input }) => service.createQuery(ctx.deps, ctx.actor, input)),
  admin: router({
    list: adminProcedure.input(adminQueriesInput).query(({ ctx, input }) => service.listQueries(ctx.deps, ctx.actor, input)),
    get: adminProcedure.input(queryIdInput).query(({ ctx, input }) => service.getQuery(ctx.deps, ctx.actor, input)),
    setRead: adminProcedure.input(setQueryReadInput).mutation(({ ctx, input }) => service.setQueryRead(ctx.deps, ctx.actor, input)),
    answer: adminProcedure.input(answerQueryInput).mutation(({ ctx, input }) => service.answerQuery(ctx.deps, ctx.actor, input)),
    markAnswered: adminProcedure.input(queryIdInput).mutation(({ ctx, input }) => service.markQueryAnswered(ctx.deps, ctx.actor, input)),
  }),
});
