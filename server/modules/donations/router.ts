import {
  adminApproveOutput,
  adminCreateTagOutput,
  adminDeleteTagOutput,
  adminDenyOutput,
  adminDonationsInput,
  adminListOutput,
  adminTagOutput,
  adminTagsOutput,
  adminUpdateTagOutput,
  approveDonationInput,
  confirmHandOverOutput,
  createDonationInput,
  createDonationTagInput,
  createOutput,
  dashboardEnvironmentalImpactOutput,
  dashboardFeedOutput,
  dashboardMetricsOutput,
  dashboardTopDonorsOutput,
  denyDonationInput,
  donationIdInput,
  donationQrInput,
  donationsFeedInput,
  donationTagIdInput,
  donationTagsOutput,
  getOutput,
  handOverInput,
  mineOutput,
  ownDonationsInput,
  qrOutput,
  topDonorsInput,
  updateDonationInput,
  updateDonationTagInput,
  updateOutput,
  verifyDonationInput,
  verifyOutput,
} from '../../../shared/schemas/donations';
import { adminProcedure, authedProcedure, companyProcedure, managerProcedure, publicProcedure, rateLimited, router } from '../../trpc/init';
import * as service from './service';

export const donationsRouter = router({
  // The company's donations: its users read them, its managers write them (SPEC §6 "manage offerings and donations").
  mine: companyProcedure
    .input(ownDonationsInput)
    .output(mineOutput)
    .query(({ ctx, input }) => service.listOwnDonations(ctx.deps, ctx.actor, input)),
  create: managerProcedure
    .input(createDonationInput)
    .output(createOutput)
    .mutation(({ ctx, input }) => service.createDonation(ctx.deps, ctx.actor, input)),
  update: managerProcedure
    .input(updateDonationInput)
    .output(updateOutput)
    .mutation(({ ctx, input }) => service.updateDonation(ctx.deps, ctx.actor, input)),
  tags: companyProcedure.output(donationTagsOutput).query(({ ctx }) => service.listTags(ctx.deps)),
  /** Its company's users and administrators; anyone else gets 404. */
  get: authedProcedure
    .input(donationIdInput)
    .output(getOutput)
    .query(({ ctx, input }) => service.getDonation(ctx.deps, ctx.actor, input)),
  qr: authedProcedure
    .input(donationQrInput)
    .output(qrOutput)
    .query(({ ctx, input }) => service.donationQr(ctx.deps, ctx.actor, input)),

  // The public page the QR code opens: anyone holding the code; the hand-over is a public write, rate limited.
  verify: publicProcedure
    .input(verifyDonationInput)
    .output(verifyOutput)
    .query(({ ctx, input }) => service.verifyDonation(ctx.deps, input)),
  confirmHandOver: publicProcedure
    .input(handOverInput)
    .use(rateLimited('donationHandOver'))
    .output(confirmHandOverOutput)
    .mutation(({ ctx, input }) => service.confirmHandOver(ctx.deps, input)),

  // The donations dashboard: company users; the service refuses those without donations_dashboard_access (403).
  dashboard: router({
    environmentalImpact: companyProcedure
      .output(dashboardEnvironmentalImpactOutput)
      .query(({ ctx }) => service.environmentalImpact(ctx.deps, ctx.actor)),
    metrics: companyProcedure.output(dashboardMetricsOutput).query(({ ctx }) => service.donationMetrics(ctx.deps, ctx.actor)),
    topDonors: companyProcedure
      .input(topDonorsInput)
      .output(dashboardTopDonorsOutput)
      .query(({ ctx, input }) => service.topDonors(ctx.deps, ctx.actor, input)),
    feed: companyProcedure
      .input(donationsFeedInput)
      .output(dashboardFeedOutput)
      .query(({ ctx, input }) => service.donationsFeed(ctx.deps, ctx.actor, input)),
  }),

  admin: router({
    list: adminProcedure
      .input(adminDonationsInput)
      .output(adminListOutput)
      .query(({ ctx, input }) => service.adminListDonations(ctx.deps, ctx.actor, input)),
    approve: adminProcedure
      .input(approveDonationInput)
      .output(adminApproveOutput)
      .mutation(({ ctx, input }) => service.approveDonation(ctx.deps, ctx.actor, input)),
    deny: adminProcedure
      .input(denyDonationInput)
      .output(adminDenyOutput)
      .mutation(({ ctx, input }) => service.denyDonation(ctx.deps, ctx.actor, input)),
    tags: adminProcedure.output(adminTagsOutput).query(({ ctx }) => service.adminListTags(ctx.deps)),
    tag: adminProcedure
      .input(donationTagIdInput)
      .output(adminTagOutput)
      .query(({ ctx, input }) => service.adminGetTag(ctx.deps, input)),
    createTag: adminProcedure
      .input(createDonationTagInput)
      .output(adminCreateTagOutput)
      .mutation(({ ctx, input }) => service.createTag(ctx.deps, ctx.actor, input)),
    updateTag: adminProcedure
      .input(updateDonationTagInput)
      .output(adminUpdateTagOutput)
      .mutation(({ ctx, input }) => service.updateTag(ctx.deps, ctx.actor, input)),
    deleteTag: adminProcedure
      .input(donationTagIdInput)
      .output(adminDeleteTagOutput)
      .mutation(({ ctx, input }) => service.deleteTag(ctx.deps, ctx.actor, input)),
  }),
});
