import * as schema from '../../../shared/schemas/exchanges';
import { authedProcedure, companyProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const exchangesRouter = router({
  list: companyProcedure.input(schema.listExchangesInput).output(schema.listOutput).query(serve(service.listExchanges)),
  stats: companyProcedure.query(serve(service.exchangeStats)),
  /** The two companies, or an administrator reading; the service decides. */
  get: authedProcedure.input(schema.exchangeIdInput).output(schema.getOutput).query(serve(service.getExchange)),
  end: companyProcedure.input(schema.endExchangeInput).output(schema.endOutput).mutation(serve(service.endExchange)),
  rate: companyProcedure.input(schema.rateExchangeInput).output(schema.rateOutput).mutation(serve(service.rateExchange)),
  companySdgExchanges: authedProcedure
    .input(schema.companySdgExchangesInput)
    .output(schema.companySdgExchangesOutput)
    .query(serve(service.companySdgExchanges)),
  companyReviews: authedProcedure.input(schema.companyReviewsInput).output(schema.companyReviewsOutput).query(serve(service.companyReviews)),
});
