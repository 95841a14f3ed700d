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
import { adminProcedure, publicProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const queriesRouter = router({
  create: publicProcedure.input(createQueryInput).use(rateLimited('helpQuery')).output(createQueryOutput).mutation(serve(service.createQuery)),
  admin: router({
    list: adminProcedure.input(adminQueriesInput).output(adminListOutput).query(serve(service.listQueries)),
    get: adminProcedure.input(queryIdInput).output(adminGetOutput).query(serve(service.getQuery)),
    setRead: adminProcedure.input(setQueryReadInput).output(adminSetReadOutput).mutation(serve(service.setQueryRead)),
    answer: adminProcedure.input(answerQueryInput).output(adminAnswerOutput).mutation(serve(service.answerQuery)),
    markAnswered: adminProcedure.input(queryIdInput).output(adminMarkAnsweredOutput).mutation(serve(service.markQueryAnswered)),
  }),
});
