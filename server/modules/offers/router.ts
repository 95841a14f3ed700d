import {
  counterOfferInput,
  createOfferInput,
  listOffersInput,
  offerIdInput,
  offerOutput,
  offerPageOutput,
  pendingOffersInput,
  reviewOfferInput,
  updateOfferInput,
} from '../../../shared/schemas/offers';
import { companyProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const offersRouter = router({
  list: companyProcedure.input(listOffersInput).output(offerPageOutput).query(serve(service.listOffers)),
  pending: companyProcedure.input(pendingOffersInput).output(offerPageOutput).query(serve(service.pendingOffers)),
  get: companyProcedure.input(offerIdInput).output(offerOutput).query(serve(service.getOffer)),
  create: companyProcedure.input(createOfferInput).use(rateLimited('offer')).output(offerOutput).mutation(serve(service.createOffer)),
  update: companyProcedure.input(updateOfferInput).output(offerOutput).mutation(serve(service.updateOffer)),
  withdraw: companyProcedure.input(offerIdInput).output(offerOutput).mutation(serve(service.withdrawOffer)),
  counter: companyProcedure.input(counterOfferInput).output(offerOutput).mutation(serve(service.counterOffer)),
  review: companyProcedure.input(reviewOfferInput).output(offerOutput).mutation(serve(service.reviewOffer)),
});
