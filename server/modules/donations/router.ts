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
import { adminProcedure, authedProcedure, companyProcedure, managerProcedure, publicProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const donationsRouter = router({
  // The company's donations: its users read them, its managers write them (SPEC §6 "manage offerings and donations").
  mine: companyProcedure.input(ownDonationsInput).output(mineOutput).query(serve(service.listOwnDonations)),
  create: managerProcedure.input(createDonationInput).output(createOutput).mutation(serve(service.createDonation)),
  update: managerProcedure.input(updateDonationInput).output(updateOutput).mutation(serve(service.updateDonation)),
  tags: companyProcedure.output(donationTagsOutput).query(({ ctx }) => service.listTags(ctx.deps)),
  /** Its company's users and administrators; anyone else gets 404. */
  get: authedProcedure.input(donationIdInput).output(getOutput).query(serve(service.getDonation)),
  qr: authedProcedure.input(donationQrInput).output(qrOutput).query(serve(service.donationQr)),

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
    environmentalImpact: companyProcedure.output(dashboardEnvironmentalImpactOutput).query(serve(service.environmentalImpact)),
    metrics: companyProcedure.output(dashboardMetricsOutput).query(serve(service.donationMetrics)),
    topDonors: companyProcedure.input(topDonorsInput).output(dashboardTopDonorsOutput).query(serve(service.topDonors)),
    feed: companyProcedure.input(donationsFeedInput).output(dashboardFeedOutput).query(serve(service.donationsFeed)),
  }),

  admin: router({
    list: adminProcedure.input(adminDonationsInput).output(adminListOutput).query(serve(service.adminListDonations)),
    approve: adminProcedure.input(approveDonationInput).output(adminApproveOutput).mutation(serve(service.approveDonation)),
    deny: adminProcedure.input(denyDonationInput).output(adminDenyOutput).mutation(serve(service.denyDonation)),
    tags: adminProcedure.output(adminTagsOutput).query(({ ctx }) => service.adminListTags(ctx.deps)),
    tag: adminProcedure
      .input(donationTagIdInput)
      .output(adminTagOutput)
      .query(({ ctx, input }) => service.adminGetTag(ctx.deps, input)),
    createTag: adminProcedure.input(createDonationTagInput).output(adminCreateTagOutput).mutation(serve(service.createTag)),
    updateTag: adminProcedure.input(updateDonationTagInput).output(adminUpdateTagOutput).mutation(serve(service.updateTag)),
    deleteTag: adminProcedure.input(donationTagIdInput).output(adminDeleteTagOutput).mutation(serve(service.deleteTag)),
  }),
});
