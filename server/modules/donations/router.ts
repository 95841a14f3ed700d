import * as schema from '../../../shared/schemas/donations';
import { adminProcedure, authedProcedure, companyProcedure, managerProcedure, publicProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const donationsRouter = router({
  // The company's donations: its users read them, its managers write them (SPEC §6 "manage offerings and donations").
  mine: companyProcedure.input(schema.ownDonationsInput).output(schema.mineOutput).query(serve(service.listOwnDonations)),
  create: managerProcedure.input(schema.createDonationInput).output(schema.createOutput).mutation(serve(service.createDonation)),
  update: managerProcedure.input(schema.updateDonationInput).output(schema.updateOutput).mutation(serve(service.updateDonation)),
  tags: companyProcedure.output(schema.donationTagsOutput).query(({ ctx }) => service.listTags(ctx.deps)),
  /** Its company's users and administrators; anyone else gets 404. */
  get: authedProcedure.input(schema.donationIdInput).output(schema.getOutput).query(serve(service.getDonation)),
  qr: authedProcedure.input(schema.donationQrInput).output(schema.qrOutput).query(serve(service.donationQr)),

  // The public page the QR code opens: anyone holding the code; the hand-over is a public write, rate limited.
  verify: publicProcedure
    .input(schema.verifyDonationInput)
    .output(schema.verifyOutput)
    .query(({ ctx, input }) => service.verifyDonation(ctx.deps, input)),
  confirmHandOver: publicProcedure
    .input(schema.handOverInput)
    .use(rateLimited('donationHandOver'))
    .output(schema.confirmHandOverOutput)
    .mutation(({ ctx, input }) => service.confirmHandOver(ctx.deps, input)),

  // The donations dashboard: company users; the service refuses those without donations_dashboard_access (403).
  dashboard: router({
    environmentalImpact: companyProcedure.output(schema.dashboardEnvironmentalImpactOutput).query(serve(service.environmentalImpact)),
    metrics: companyProcedure.output(schema.dashboardMetricsOutput).query(serve(service.donationMetrics)),
    topDonors: companyProcedure.input(schema.topDonorsInput).output(schema.dashboardTopDonorsOutput).query(serve(service.topDonors)),
    feed: companyProcedure.input(schema.donationsFeedInput).output(schema.dashboardFeedOutput).query(serve(service.donationsFeed)),
  }),

  admin: router({
    list: adminProcedure.input(schema.adminDonationsInput).output(schema.adminListOutput).query(serve(service.adminListDonations)),
    approve: adminProcedure.input(schema.approveDonationInput).output(schema.adminApproveOutput).mutation(serve(service.approveDonation)),
    deny: adminProcedure.input(schema.denyDonationInput).output(schema.adminDenyOutput).mutation(serve(service.denyDonation)),
    tags: adminProcedure.output(schema.adminTagsOutput).query(({ ctx }) => service.adminListTags(ctx.deps)),
    tag: adminProcedure
      .input(schema.donationTagIdInput)
      .output(schema.adminTagOutput)
      .query(({ ctx, input }) => service.adminGetTag(ctx.deps, input)),
    createTag: adminProcedure.input(schema.createDonationTagInput).output(schema.adminCreateTagOutput).mutation(serve(service.createTag)),
    updateTag: adminProcedure.input(schema.updateDonationTagInput).output(schema.adminUpdateTagOutput).mutation(serve(service.updateTag)),
    deleteTag: adminProcedure.input(schema.donationTagIdInput).output(schema.adminDeleteTagOutput).mutation(serve(service.deleteTag)),
  }),
});
