import * as schema from '../../../shared/schemas/queries';
import { adminProcedure, publicProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const queriesRouter = router({
  create: publicProcedure
    .input(schema.createQueryInput)
    .use(rateLimited('helpQuery'))
    .output(schema.createQueryOutput)
    .mutation(serve(service.createQuery)),
  admin: router({
    list: adminProcedure.input(schema.adminQueriesInput).output(schema.adminListOutput).query(serve(service.listQueries)),
    get: adminProcedure.input(schema.queryIdInput).output(schema.adminGetOutput).query(serve(service.getQuery)),
    setRead: adminProcedure.input(schema.setQueryReadInput).output(schema.adminSetReadOutput).mutation(serve(service.setQueryRead)),
    answer: adminProcedure.input(schema.answerQueryInput).output(schema.adminAnswerOutput).mutation(serve(service.answerQuery)),
    markAnswered: adminProcedure.input(schema.queryIdInput).output(schema.adminMarkAnsweredOutput).mutation(serve(service.markQueryAnswered)),
  }),
});
