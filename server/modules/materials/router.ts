import {
  adminMaterialsInput,
  bulkAccessRequestsInput,
  bulkUploadInput,
  createMaterialInput,
  materialIdInput,
  ownMaterialsInput,
  recommendationClickInput,
  recommendationDisplaysInput,
  reviewBulkAccessInput,
  searchMaterialsInput,
  setMaterialStatusInput,
  updateMaterialInput,
} from '../../../shared/schemas/materials';
import { adminStatsInput } from '../../../shared/schemas/stats';
import { adminProcedure, authedProcedure, companyProcedure, router } from '../../trpc/init';
import * as service from './service';

export const materialsRouter = router({
  // Marketplace reads: any approved company user.
  search: companyProcedure.input(searchMaterialsInput).query(({ ctx, input }) => service.searchMaterials(ctx.deps, ctx.actor, input)),
  get: companyProcedure.input(materialIdInput).query(({ ctx, input }) => service.getMaterial(ctx.deps, ctx.actor, input)),
  countryCodes: authedProcedure.query(({ ctx }) => service.activeCountryCodes(ctx.deps)),
  mine: companyProcedure.input(ownMaterialsInput).query(({ ctx, input }) => service.listOwnMaterials(ctx.deps, ctx.actor, input)),

  // Writes: the company's own users (offerings: MEMBER and MANAGER; donations: MANAGER).
  create: companyProcedure.input(createMaterialInput).mutation(({ ctx, input }) => service.createMaterial(ctx.deps, ctx.actor, input)),
  update: companyProcedure.input(updateMaterialInput).mutation(({ ctx, input }) => service.updateMaterial(ctx.deps, ctx.actor, input)),
  setStatus: companyProcedure.input(setMaterialStatusInput).mutation(({ ctx, input }) => service.setMaterialStatus(ctx.deps, ctx.actor, input)),
  delete: companyProcedure.input(materialIdInput).mutation(({ ctx, input }) => service.deleteMaterial(ctx.deps, ctx.actor, input)),

  // Recommendations.
  recommended: companyProcedure.query(({ ctx }) => service.recommendedMaterials(ctx.deps, ctx.actor)),
  recommendationDisplays: companyProcedure
    .input(recommendationDisplaysInput)
    .query(({ ctx, input }) => service.recommendationDisplays(ctx.deps, ctx.actor, input)),
  recommendationClicked: companyProcedure
    .input(recommendationClickInput)
    .mutation(({ ctx, input }) => service.recommendationClicked(ctx.deps, ctx.actor, input)),

  // Bulk upload.
  bulkTemplate: companyProcedure.query(() => service.bulkTemplate()),
  bulkAccessStatus: companyProcedure.query(({ ctx }) => service.bulkAccessStatus(ctx.deps, ctx.actor)),
  requestBulkAccess: companyProcedure.mutation(({ ctx }) => service.requestBulkAccess(ctx.deps, ctx.actor)),
  bulkUpload: companyProcedure.input(bulkUploadInput).mutation(({ ctx, input }) => service.bulkUpload(ctx.deps, ctx.actor, input)),

  // Administrators.
  admin: router({
    list: adminProcedure.input(adminMaterialsInput).query(({ ctx, input }) => service.adminListMaterials(ctx.deps, ctx.actor, input)),
    get: adminProcedure.input(materialIdInput).query(({ ctx, input }) => service.adminGetMaterial(ctx.deps, ctx.actor, input)),
    stats: adminProcedure.input(adminStatsInput).query(({ ctx, input }) => service.adminMaterialStats(ctx.deps, input)),
    totalClicks: adminProcedure.input(adminStatsInput).query(({ ctx, input }) => service.totalRecommendationClicks(ctx.deps, input)),
    bulkAccessRequests: adminProcedure.input(bulkAccessRequestsInput).query(({ ctx, input }) => service.listBulkAccessRequests(ctx.deps, input)),
    reviewBulkAccess: adminProcedure.input(reviewBulkAccessInput).mutation(({ ctx, input }) => service.reviewBulkAccess(ctx.deps, ctx.actor, input)),
  }),
});
