import {
  adminAnswerOutput,
  adminGetOutput,
  adminListOutput,
  adminMarkAnsweredOutput,
  adminQueriesInput,
  adminSetReadOutput,
  answerQueryInput,
  createQueryInput,
  createQueryOutput,
  queryIdInput,
  setQueryReadInput,
} from '../../../shared/schemas/queries';
import { adminProcedure, publicProcedure, rateLimited, router } from '../../trpc/init';
import * as service from './service';

export const queriesRouter = router({
  create: publicProcedure
    .input(createQueryInput)
    .use(rateLimited('helpQuery'))
    .output(createQueryOutput)
    .mutation(({ ctx, input }) => service.createQuery(ctx.deps, ctx.actor, input)),
  admin: router({
    list: adminProcedure
      .input(adminQueriesInput)
      .output(adminListOutput)
      .query(({ ctx, input }) => service.listQueries(ctx.deps, ctx.actor, input)),
    get: adminProcedure
      .input(queryIdInput)
      .output(adminGetOutput)
      .query(({ ctx, input }) => service.getQuery(ctx.deps, ctx.actor, input)),
    setRead: adminProcedure
      .input(setQueryReadInput)
      .output(adminSetReadOutput)
      .mutation(({ ctx, input }) => service.setQueryRead(ctx.deps, ctx.actor, input)),
    answer: adminProcedure
      .input(answerQueryInput)
      .output(adminAnswerOutput)
      .mutation(({ ctx, input }) => service.answerQuery(ctx.deps, ctx.actor, input)),
    markAnswered: adminProcedure
      .input(queryIdInput)
      .output(adminMarkAnsweredOutput)
      .mutation(({ ctx, input }) => service.markQueryAnswered(ctx.deps, ctx.actor, input)),
  }),
});
