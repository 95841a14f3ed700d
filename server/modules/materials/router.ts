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
import { adminProcedure, authedProcedure, companyProcedure, router, serve } from '../../trpc/init';
import * as savedSearches from './saved-searches';
import * as service from './service';

export const materialsRouter = router({
  // Marketplace reads: any approved company user.
  search: companyProcedure.input(searchMaterialsInput).output(searchOutput).query(serve(service.searchMaterials)),
  get: companyProcedure.input(materialIdInput).output(getOutput).query(serve(service.getMaterial)),
  countryCodes: authedProcedure.output(countryCodesOutput).query(({ ctx }) => service.activeCountryCodes(ctx.deps)),
  mine: companyProcedure.input(ownMaterialsInput).output(mineOutput).query(serve(service.listOwnMaterials)),

  // Writes: the company's own users (offerings: MEMBER and MANAGER; donations: MANAGER).
  create: companyProcedure.input(createMaterialInput).output(createOutput).mutation(serve(service.createMaterial)),
  update: companyProcedure.input(updateMaterialInput).output(updateOutput).mutation(serve(service.updateMaterial)),
  setStatus: companyProcedure.input(setMaterialStatusInput).output(setStatusOutput).mutation(serve(service.setMaterialStatus)),
  delete: companyProcedure.input(materialIdInput).output(deleteOutput).mutation(serve(service.deleteMaterial)),

  // Recommendations.
  recommended: companyProcedure.output(recommendedOutput).query(serve(service.recommendedMaterials)),
  recommendationDisplays: companyProcedure
    .input(recommendationDisplaysInput)
    .output(recommendationDisplaysOutput)
    .query(serve(service.recommendationDisplays)),
  recommendationClicked: companyProcedure
    .input(recommendationClickInput)
    .output(recommendationClickedOutput)
    .mutation(serve(service.recommendationClicked)),

  // Bulk upload.
  bulkTemplate: companyProcedure.output(bulkTemplateOutput).query(() => service.bulkTemplate()),
  bulkAccessStatus: companyProcedure.output(bulkAccessStatusOutput).query(serve(service.bulkAccessStatus)),
  requestBulkAccess: companyProcedure.output(requestBulkAccessOutput).mutation(serve(service.requestBulkAccess)),
  bulkUpload: companyProcedure.input(bulkUploadInput).output(bulkUploadOutput).mutation(serve(service.bulkUpload)),

  // Saved searches: the user's own.
  savedSearches: router({
    list: companyProcedure.output(savedSearchesListOutput).query(serve(savedSearches.listSavedSearches)),
    create: companyProcedure.input(createSavedSearchInput).output(savedSearchesCreateOutput).mutation(serve(savedSearches.createSavedSearch)),
    delete: companyProcedure.input(savedSearchIdInput).output(savedSearchesDeleteOutput).mutation(serve(savedSearches.deleteSavedSearch)),
  }),

  // Administrators.
  admin: router({
    list: adminProcedure.input(adminMaterialsInput).output(adminListOutput).query(serve(service.adminListMaterials)),
    get: adminProcedure.input(materialIdInput).output(adminGetOutput).query(serve(service.adminGetMaterial)),
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
    reviewBulkAccess: adminProcedure.input(reviewBulkAccessInput).output(adminReviewBulkAccessOutput).mutation(serve(service.reviewBulkAccess)),
  }),
});
