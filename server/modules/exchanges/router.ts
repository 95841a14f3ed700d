import {
  companyReviewsInput,
  companyReviewsOutput,
  companySdgExchangesInput,
  companySdgExchangesOutput,
  endExchangeInput,
  endOutput,
  exchangeIdInput,
  getOutput,
  listExchangesInput,
  listOutput,
  rateExchangeInput,
  rateOutput,
} from '../../../shared/schemas/exchanges';
import { authedProcedure, companyProcedure, router } from '../../trpc/init';
import * as service from './service';

export const exchangesRouter = router({
  list: companyProcedure
    .input(listExchangesInput)
    .output(listOutput)
    .query(({ ctx, input }) => service.listExchanges(ctx.deps, ctx.actor, input)),
  stats: companyProcedure.query(({ ctx }) => service.exchangeStats(ctx.deps, ctx.actor)),
  /** The two companies, or an administrator reading; the service decides. */
  get: authedProcedure
    .input(exchangeIdInput)
    .output(getOutput)
    .query(({ ctx, input }) => service.getExchange(ctx.deps, ctx.actor, input)),
  end: companyProcedure
    .input(endExchangeInput)
    .output(endOutput)
    .mutation(({ ctx, input }) => service.endExchange(ctx.deps, ctx.actor, input)),
  rate: companyProcedure
    .input(rateExchangeInput)
    .output(rateOutput)
    .mutation(({ ctx, input }) => service.rateExchange(ctx.deps, ctx.actor, input)),
  companySdgExchanges: authedProcedure
    .input(companySdgExchangesInput)
    .output(companySdgExchangesOutput)
    .query(({ ctx, input }) => service.companySdgExchanges(ctx.deps, ctx.actor, input)),
  companyReviews: authedProcedure
    .input(companyReviewsInput)
    .output(companyReviewsOutput)
    .query(({ ctx, input }) => service.companyReviews(ctx.deps, ctx.actor, input)),
});
