import * as common from '../../../shared/schemas/common';
import * as geocode from '../../../shared/schemas/geocode';
import { adminProcedure, publicProcedure, router, serve } from '../../trpc/init';
import * as geo from './geocode';
import * as service from './service';

export const commonRouter = router({
  config: publicProcedure.query(({ ctx }) => service.clientConfig(ctx.deps)),
  landingStats: publicProcedure.query(({ ctx }) => service.landingStats(ctx.deps)),
  countries: publicProcedure
    .input(common.countriesInput)
    .output(common.countriesOutput)
    .query(({ ctx, input }) => service.listCountries(ctx.deps, input)),
  materialGroups: publicProcedure.output(common.materialGroupsOutput).query(({ ctx }) => service.listMaterialGroups(ctx.deps)),
  /** Danish and Malay names administrators typed for reference rows, by English name (the client's `refText`). */
  typedNames: publicProcedure.query(({ ctx }) => service.typedNames(ctx.deps)),
  sdgs: publicProcedure.output(common.sdgsOutput).query(({ ctx }) => service.listSdgs(ctx.deps)),
  firstLevelSubcategories: publicProcedure
    .input(common.subcategoriesInput)
    .output(common.firstLevelSubcategoriesOutput)
    .query(({ ctx, input }) => service.listFirstLevelSubcategories(ctx.deps, input)),
  secondLevelSubcategories: publicProcedure
    .input(common.subcategoriesInput)
    .output(common.secondLevelSubcategoriesOutput)
    .query(({ ctx, input }) => service.listSecondLevelSubcategories(ctx.deps, input)),
  thirdLevelSubcategories: publicProcedure
    .input(common.subcategoriesInput)
    .output(common.thirdLevelSubcategoriesOutput)
    .query(({ ctx, input }) => service.listThirdLevelSubcategories(ctx.deps, input)),
  geocode: publicProcedure
    .input(geocode.geocodeInput)
    .output(common.geocodeOutput)
    .query(({ ctx, input }) => geo.geocode(ctx.deps, input)),
  reverseGeocode: publicProcedure
    .input(geocode.reverseGeocodeInput)
    .output(common.reverseGeocodeOutput)
    .query(({ ctx, input }) => geo.reverseGeocode(ctx.deps, input)),
  /** Administrators' categories: material groups and the three subcategory levels. */
  admin: router({
    materialGroups: adminProcedure.output(common.adminMaterialGroupsOutput).query(({ ctx }) => service.adminMaterialGroups(ctx.deps)),
    subcategories: adminProcedure
      .input(common.adminSubcategoriesInput)
      .output(common.adminSubcategoriesOutput)
      .query(({ ctx, input }) => service.adminSubcategories(ctx.deps, input)),
    searchCategories: adminProcedure.input(common.searchCategoriesInput).query(({ ctx, input }) => service.searchCategories(ctx.deps, input)),
    defraMaterials: adminProcedure.query(({ ctx }) => service.defraMaterials(ctx.deps)),
    createMaterialGroup: adminProcedure
      .input(common.createMaterialGroupInput)
      .output(common.adminCreateMaterialGroupOutput)
      .mutation(serve(service.createMaterialGroup)),
    updateMaterialGroup: adminProcedure
      .input(common.updateMaterialGroupInput)
      .output(common.adminUpdateMaterialGroupOutput)
      .mutation(serve(service.updateMaterialGroup)),
    deleteMaterialGroup: adminProcedure
      .input(common.materialGroupIdInput)
      .output(common.adminDeleteMaterialGroupOutput)
      .mutation(serve(service.deleteMaterialGroup)),
    createSubcategory: adminProcedure
      .input(common.createSubcategoryInput)
      .output(common.adminCreateSubcategoryOutput)
      .mutation(serve(service.createSubcategory)),
    updateSubcategory: adminProcedure
      .input(common.updateSubcategoryInput)
      .output(common.adminUpdateSubcategoryOutput)
      .mutation(serve(service.updateSubcategory)),
    deleteSubcategory: adminProcedure
      .input(common.deleteSubcategoryInput)
      .output(common.adminDeleteSubcategoryOutput)
      .mutation(serve(service.deleteSubcategory)),
  }),
});
