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
import { authedProcedure, companyProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const exchangesRouter = router({
  list: companyProcedure.input(listExchangesInput).output(listOutput).query(serve(service.listExchanges)),
  stats: companyProcedure.query(serve(service.exchangeStats)),
  /** The two companies, or an administrator reading; the service decides. */
  get: authedProcedure.input(exchangeIdInput).output(getOutput).query(serve(service.getExchange)),
  end: companyProcedure.input(endExchangeInput).output(endOutput).mutation(serve(service.endExchange)),
  rate: companyProcedure.input(rateExchangeInput).output(rateOutput).mutation(serve(service.rateExchange)),
  companySdgExchanges: authedProcedure.input(companySdgExchangesInput).output(companySdgExchangesOutput).query(serve(service.companySdgExchanges)),
  companyReviews: authedProcedure.input(companyReviewsInput).output(companyReviewsOutput).query(serve(service.companyReviews)),
});
