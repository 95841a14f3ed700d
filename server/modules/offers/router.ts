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
import { companyProcedure, rateLimited, router } from '../../trpc/init';
import * as service from './service';

export const offersRouter = router({
  list: companyProcedure
    .input(listOffersInput)
    .output(offerPageOutput)
    .query(({ ctx, input }) => service.listOffers(ctx.deps, ctx.actor, input)),
  pending: companyProcedure
    .input(pendingOffersInput)
    .output(offerPageOutput)
    .query(({ ctx, input }) => service.pendingOffers(ctx.deps, ctx.actor, input)),
  get: companyProcedure
    .input(offerIdInput)
    .output(offerOutput)
    .query(({ ctx, input }) => service.getOffer(ctx.deps, ctx.actor, input)),
  create: companyProcedure
    .input(createOfferInput)
    .use(rateLimited('offer'))
    .output(offerOutput)
    .mutation(({ ctx, input }) => service.createOffer(ctx.deps, ctx.actor, input)),
  update: companyProcedure
    .input(updateOfferInput)
    .output(offerOutput)
    .mutation(({ ctx, input }) => service.updateOffer(ctx.deps, ctx.actor, input)),
  withdraw: companyProcedure
    .input(offerIdInput)
    .output(offerOutput)
    .mutation(({ ctx, input }) => service.withdrawOffer(ctx.deps, ctx.actor, input)),
  counter: companyProcedure
    .input(counterOfferInput)
    .output(offerOutput)
    .mutation(({ ctx, input }) => service.counterOffer(ctx.deps, ctx.actor, input)),
  review: companyProcedure
    .input(reviewOfferInput)
    .output(offerOutput)
    .mutation(({ ctx, input }) => service.reviewOffer(ctx.deps, ctx.actor, input)),
});
