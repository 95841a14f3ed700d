import * as schema from '../../../shared/schemas/offers';
import { companyProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const offersRouter = router({
  list: companyProcedure.input(schema.listOffersInput).output(schema.offerPageOutput).query(serve(service.listOffers)),
  pending: companyProcedure.input(schema.pendingOffersInput).output(schema.offerPageOutput).query(serve(service.pendingOffers)),
  get: companyProcedure.input(schema.offerIdInput).output(schema.offerOutput).query(serve(service.getOffer)),
  create: companyProcedure.input(schema.createOfferInput).use(rateLimited('offer')).output(schema.offerOutput).mutation(serve(service.createOffer)),
  update: companyProcedure.input(schema.updateOfferInput).output(schema.offerOutput).mutation(serve(service.updateOffer)),
  withdraw: companyProcedure.input(schema.offerIdInput).output(schema.offerOutput).mutation(serve(service.withdrawOffer)),
  counter: companyProcedure.input(schema.counterOfferInput).output(schema.offerOutput).mutation(serve(service.counterOffer)),
  review: companyProcedure.input(schema.reviewOfferInput).output(schema.offerOutput).mutation(serve(service.reviewOffer)),
});
