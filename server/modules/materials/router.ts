import {
  adminBulkAccessRequestsOutput,
  adminGetOutput,
  adminListOutput,
  adminMaterialsInput,
  adminReviewBulkAccessOutput,
  adminStatsOutput,
  adminTotalClicksOutput,
  bulkAccessRequestsInput,
  bulkAccessStatusOutput,
  bulkTemplateOutput,
  bulkUploadInput,
  bulkUploadOutput,
  countryCodesOutput,
  createMaterialInput,
  createOutput,
  createSavedSearchInput,
  deleteOutput,
  getOutput,
  materialIdInput,
  mineOutput,
  ownMaterialsInput,
  recommendationClickedOutput,
  recommendationClickInput,
  recommendationDisplaysInput,
  recommendationDisplaysOutput,
  recommendedOutput,
  requestBulkAccessOutput,
  reviewBulkAccessInput,
  savedSearchesCreateOutput,
  savedSearchesDeleteOutput,
  savedSearchesListOutput,
  savedSearchIdInput,
  searchMaterialsInput,
  searchOutput,
  setMaterialStatusInput,
  setStatusOutput,
  updateMaterialInput,
  updateOutput,
} from '../../../shared/schemas/materials';
import { adminStatsInput } from '../../../shared/schemas/stats';
import { adminProcedure, authedProcedure, companyProcedure, router } from '../../trpc/init';
import * as savedSearches from './saved-searches';
import * as service from './service';

export const materialsRouter = router({
  // Marketplace reads: any approved company user.
  search: companyProcedure
    .input(searchMaterialsInput)
    .output(searchOutput)
    .query(({ ctx, input }) => service.searchMaterials(ctx.deps, ctx.actor, input)),
  get: companyProcedure
    .input(materialIdInput)
    .output(getOutput)
    .query(({ ctx, input }) => service.getMaterial(ctx.deps, ctx.actor, input)),
  countryCodes: authedProcedure.output(countryCodesOutput).query(({ ctx }) => service.activeCountryCodes(ctx.deps)),
  mine: companyProcedure
    .input(ownMaterialsInput)
    .output(mineOutput)
    .query(({ ctx, input }) => service.listOwnMaterials(ctx.deps, ctx.actor, input)),

  // Writes: the company's own users (offerings: MEMBER and MANAGER; donations: MANAGER).
  create: companyProcedure
    .input(createMaterialInput)
    .output(createOutput)
    .mutation(({ ctx, input }) => service.createMaterial(ctx.deps, ctx.actor, input)),
  update: companyProcedure
    .input(updateMaterialInput)
    .output(updateOutput)
    .mutation(({ ctx, input }) => service.updateMaterial(ctx.deps, ctx.actor, input)),
  setStatus: companyProcedure
    .input(setMaterialStatusInput)
    .output(setStatusOutput)
    .mutation(({ ctx, input }) => service.setMaterialStatus(ctx.deps, ctx.actor, input)),
  delete: companyProcedure
    .input(materialIdInput)
    .output(deleteOutput)
    .mutation(({ ctx, input }) => service.deleteMaterial(ctx.deps, ctx.actor, input)),

  // Recommendations.
  recommended: companyProcedure.output(recommendedOutput).query(({ ctx }) => service.recommendedMaterials(ctx.deps, ctx.actor)),
  recommendationDisplays: companyProcedure
    .input(recommendationDisplaysInput)
    .output(recommendationDisplaysOutput)
    .query(({ ctx, input }) => service.recommendationDisplays(ctx.deps, ctx.actor, input)),
  recommendationClicked: companyProcedure
    .input(recommendationClickInput)
    .output(recommendationClickedOutput)
    .mutation(({ ctx, input }) => service.recommendationClicked(ctx.deps, ctx.actor, input)),

  // Bulk upload.
  bulkTemplate: companyProcedure.output(bulkTemplateOutput).query(() => service.bulkTemplate()),
  bulkAccessStatus: companyProcedure.output(bulkAccessStatusOutput).query(({ ctx }) => service.bulkAccessStatus(ctx.deps, ctx.actor)),
  requestBulkAccess: companyProcedure.output(requestBulkAccessOutput).mutation(({ ctx }) => service.requestBulkAccess(ctx.deps, ctx.actor)),
  bulkUpload: companyProcedure
    .input(bulkUploadInput)
    .output(bulkUploadOutput)
    .mutation(({ ctx, input }) => service.bulkUpload(ctx.deps, ctx.actor, input)),

  // Saved searches: the user's own.
  savedSearches: router({
    list: companyProcedure.output(savedSearchesListOutput).query(({ ctx }) => savedSearches.listSavedSearches(ctx.deps, ctx.actor)),
    create: companyProcedure
      .input(createSavedSearchInput)
      .output(savedSearchesCreateOutput)
      .mutation(({ ctx, input }) => savedSearches.createSavedSearch(ctx.deps, ctx.actor, input)),
    delete: companyProcedure
      .input(savedSearchIdInput)
      .output(savedSearchesDeleteOutput)
      .mutation(({ ctx, input }) => savedSearches.deleteSavedSearch(ctx.deps, ctx.actor, input)),
  }),

  // Administrators.
  admin: router({
    list: adminProcedure
      .input(adminMaterialsInput)
      .output(adminListOutput)
      .query(({ ctx, input }) => service.adminListMaterials(ctx.deps, ctx.actor, input)),
    get: adminProcedure
      .input(materialIdInput)
      .output(adminGetOutput)
      .query(({ ctx, input }) => service.adminGetMaterial(ctx.deps, ctx.actor, input)),
    stats: adminProcedure
      .input(adminStatsInput)
      .output(adminStatsOutput)
      .query(({ ctx, input }) => service.adminMaterialStats(ctx.deps, input)),
    totalClicks: adminProcedure
      .input(adminStatsInput)
      .output(adminTotalClicksOutput)
      .query(({ ctx, input }) => service.totalRecommendationClicks(ctx.deps, input)),
    bulkAccessRequests: adminProcedure
      .input(bulkAccessRequestsInput)
      .output(adminBulkAccessRequestsOutput)
      .query(({ ctx, input }) => service.listBulkAccessRequests(ctx.deps, input)),
    reviewBulkAccess: adminProcedure
      .input(reviewBulkAccessInput)
      .output(adminReviewBulkAccessOutput)
      .mutation(({ ctx, input }) => service.reviewBulkAccess(ctx.deps, ctx.actor, input)),
  }),
});
