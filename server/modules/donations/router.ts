import {
  adminDonationsInput,
  approveDonationInput,
  createDonationInput,
  createDonationTagInput,
  denyDonationInput,
  donationIdInput,
  donationQrInput,
  donationsFeedInput,
  donationTagIdInput,
  handOverInput,
  ownDonationsInput,
  topDonorsInput,
  updateDonationInput,
  updateDonationTagInput,
  verifyDonationInput,
} from '../../../shared/schemas/donations';
import { adminProcedure, authedProcedure, companyProcedure, managerProcedure, publicProcedure, rateLimited, router } from '../../trpc/init';
import * as service from './service';

export const donationsRouter = router({
  // The company's donations: its users read them, its managers write them (SPEC §6 "manage offerings and donations").
  mine: companyProcedure.input(ownDonationsInput).query(({ ctx, input }) => service.listOwnDonations(ctx.deps, ctx.actor, input)),
  create: managerProcedure.input(createDonationInput).mutation(({ ctx, input }) => service.createDonation(ctx.deps, ctx.actor, input)),
  update: managerProcedure.input(updateDonationInput).mutation(({ ctx, input }) => service.updateDonation(ctx.deps, ctx.actor, input)),
  tags: companyProcedure.query(({ ctx }) => service.listTags(ctx.deps)),
  /** Its company's users and administrators; anyone else gets 404. */
  get: authedProcedure.input(donationIdInput).query(({ ctx, input }) => service.getDonation(ctx.deps, ctx.actor, input)),
  qr: authedProcedure.input(donationQrInput).query(({ ctx, input }) => service.donationQr(ctx.deps, ctx.actor, input)),

  // The public page the QR code opens: anyone holding the code; the hand-over is a public write, rate limited.
  verify: publicProcedure.input(verifyDonationInput).query(({ ctx, input }) => service.verifyDonation(ctx.deps, input)),
  confirmHandOver: publicProcedure
    .input(handOverInput)
    .use(rateLimited('donationHandOver'))
    .mutation(({ ctx, input }) => service.confirmHandOver(ctx.deps, input)),

  // The donations dashboard: company users; the service refuses those without donations_dashboard_access (403).
  dashboard: router({
    environmentalImpact: companyProcedure.query(({ ctx }) => service.environmentalImpact(ctx.deps, ctx.actor)),
    metrics: companyProcedure.query(({ ctx }) => service.donationMetrics(ctx.deps, ctx.actor)),
    topDonors: companyProcedure.input(topDonorsInput).query(({ ctx, input }) => service.topDonors(ctx.deps, ctx.actor, input)),
    feed: companyProcedure.input(donationsFeedInput).query(({ ctx, input }) => service.donationsFeed(ctx.deps, ctx.actor, input)),
  }),

  admin: router({
    list: adminProcedure.input(adminDonationsInput).query(({ ctx, input }) => service.adminListDonations(ctx.deps, ctx.actor, input)),
    approve: adminProcedure.input(approveDonationInput).mutation(({ ctx, input }) => service.approveDonation(ctx.deps, ctx.actor, input)),
    deny: adminProcedure.input(denyDonationInput).mutation(({ ctx, input }) => service.denyDonation(ctx.deps, ctx.actor, input)),
    tags: adminProcedure.query(({ ctx }) => service.adminListTags(ctx.deps)),
    tag: adminProcedure.input(donationTagIdInput).query(({ ctx, input }) => service.adminGetTag(ctx.deps, input)),
    createTag: adminProcedure.input(createDonationTagInput).mutation(({ ctx, input }) => service.createTag(ctx.deps, ctx.actor, input)),
    updateTag: adminProcedure.input(updateDonationTagInput).mutation(({ ctx, input }) => service.updateTag(ctx.deps, ctx.actor, input)),
    deleteTag: adminProcedure.input(donationTagIdInput).mutation(({ ctx, input }) => service.deleteTag(ctx.deps, ctx.actor, input)),
  }),
});
