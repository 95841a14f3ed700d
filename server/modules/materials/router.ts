import * as materials from '../../../shared/schemas/materials';
import * as stats from '../../../shared/schemas/stats';
import { adminProcedure, authedProcedure, companyProcedure, router, serve } from '../../trpc/init';
import * as savedSearches from './saved-searches';
import * as service from './service';

export const materialsRouter = router({
  // Marketplace reads: any approved company user.
  search: companyProcedure.input(materials.searchMaterialsInput).output(materials.searchOutput).query(serve(service.searchMaterials)),
  get: companyProcedure.input(materials.materialIdInput).output(materials.getOutput).query(serve(service.getMaterial)),
  countryCodes: authedProcedure.output(materials.countryCodesOutput).query(({ ctx }) => service.activeCountryCodes(ctx.deps)),
  mine: companyProcedure.input(materials.ownMaterialsInput).output(materials.mineOutput).query(serve(service.listOwnMaterials)),

  // Writes: the company's own users (offerings: MEMBER and MANAGER; donations: MANAGER).
  create: companyProcedure.input(materials.createMaterialInput).output(materials.createOutput).mutation(serve(service.createMaterial)),
  update: companyProcedure.input(materials.updateMaterialInput).output(materials.updateOutput).mutation(serve(service.updateMaterial)),
  setStatus: companyProcedure.input(materials.setMaterialStatusInput).output(materials.setStatusOutput).mutation(serve(service.setMaterialStatus)),
  delete: companyProcedure.input(materials.materialIdInput).output(materials.deleteOutput).mutation(serve(service.deleteMaterial)),

  // Recommendations.
  recommended: companyProcedure.output(materials.recommendedOutput).query(serve(service.recommendedMaterials)),
  recommendationDisplays: companyProcedure
    .input(materials.recommendationDisplaysInput)
    .output(materials.recommendationDisplaysOutput)
    .query(serve(service.recommendationDisplays)),
  recommendationClicked: companyProcedure
    .input(materials.recommendationClickInput)
    .output(materials.recommendationClickedOutput)
    .mutation(serve(service.recommendationClicked)),

  // Bulk upload.
  bulkTemplate: companyProcedure.output(materials.bulkTemplateOutput).query(() => service.bulkTemplate()),
  bulkAccessStatus: companyProcedure.output(materials.bulkAccessStatusOutput).query(serve(service.bulkAccessStatus)),
  requestBulkAccess: companyProcedure.output(materials.requestBulkAccessOutput).mutation(serve(service.requestBulkAccess)),
  bulkUpload: companyProcedure.input(materials.bulkUploadInput).output(materials.bulkUploadOutput).mutation(serve(service.bulkUpload)),

  // Saved searches: the user's own.
  savedSearches: router({
    list: companyProcedure.output(materials.savedSearchesListOutput).query(serve(savedSearches.listSavedSearches)),
    create: companyProcedure
      .input(materials.createSavedSearchInput)
      .output(materials.savedSearchesCreateOutput)
      .mutation(serve(savedSearches.createSavedSearch)),
    delete: companyProcedure
      .input(materials.savedSearchIdInput)
      .output(materials.savedSearchesDeleteOutput)
      .mutation(serve(savedSearches.deleteSavedSearch)),
  }),

  // Administrators.
  admin: router({
    list: adminProcedure.input(materials.adminMaterialsInput).output(materials.adminListOutput).query(serve(service.adminListMaterials)),
    get: adminProcedure.input(materials.materialIdInput).output(materials.adminGetOutput).query(serve(service.adminGetMaterial)),
    stats: adminProcedure
      .input(stats.adminStatsInput)
      .output(materials.adminStatsOutput)
      .query(({ ctx, input }) => service.adminMaterialStats(ctx.deps, input)),
    totalClicks: adminProcedure
      .input(stats.adminStatsInput)
      .output(materials.adminTotalClicksOutput)
      .query(({ ctx, input }) => service.totalRecommendationClicks(ctx.deps, input)),
    bulkAccessRequests: adminProcedure
      .input(materials.bulkAccessRequestsInput)
      .output(materials.adminBulkAccessRequestsOutput)
      .query(({ ctx, input }) => service.listBulkAccessRequests(ctx.deps, input)),
    reviewBulkAccess: adminProcedure
      .input(materials.reviewBulkAccessInput)
      .output(materials.adminReviewBulkAccessOutput)
      .mutation(serve(service.reviewBulkAccess)),
  }),
});
