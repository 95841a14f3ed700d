import {
  adminCreateMaterialGroupOutput,
  adminCreateSubcategoryOutput,
  adminDeleteMaterialGroupOutput,
  adminDeleteSubcategoryOutput,
  adminMaterialGroupsOutput,
  adminSubcategoriesInput,
  adminSubcategoriesOutput,
  adminUpdateMaterialGroupOutput,
  adminUpdateSubcategoryOutput,
  countriesInput,
  countriesOutput,
  createMaterialGroupInput,
  createSubcategoryInput,
  deleteSubcategoryInput,
  firstLevelSubcategoriesOutput,
  geocodeOutput,
  materialGroupIdInput,
  materialGroupsOutput,
  reverseGeocodeOutput,
  sdgsOutput,
  searchCategoriesInput,
  secondLevelSubcategoriesOutput,
  subcategoriesInput,
  thirdLevelSubcategoriesOutput,
  updateMaterialGroupInput,
  updateSubcategoryInput,
} from '../../../shared/schemas/common';
import { geocodeInput, reverseGeocodeInput } from '../../../shared/schemas/geocode';
import { adminProcedure, publicProcedure, router, serve } from '../../trpc/init';
import * as geo from './geocode';
import * as service from './service';

export const commonRouter = router({
  config: publicProcedure.query(({ ctx }) => service.clientConfig(ctx.deps)),
  landingStats: publicProcedure.query(({ ctx }) => service.landingStats(ctx.deps)),
  countries: publicProcedure
    .input(countriesInput)
    .output(countriesOutput)
    .query(({ ctx, input }) => service.listCountries(ctx.deps, input)),
  materialGroups: publicProcedure.output(materialGroupsOutput).query(({ ctx }) => service.listMaterialGroups(ctx.deps)),
  /** Danish and Malay names administrators typed for reference rows, by English name (the client's `refText`). */
  typedNames: publicProcedure.query(({ ctx }) => service.typedNames(ctx.deps)),
  sdgs: publicProcedure.output(sdgsOutput).query(({ ctx }) => service.listSdgs(ctx.deps)),
  firstLevelSubcategories: publicProcedure
    .input(subcategoriesInput)
    .output(firstLevelSubcategoriesOutput)
    .query(({ ctx, input }) => service.listFirstLevelSubcategories(ctx.deps, input)),
  secondLevelSubcategories: publicProcedure
    .input(subcategoriesInput)
    .output(secondLevelSubcategoriesOutput)
    .query(({ ctx, input }) => service.listSecondLevelSubcategories(ctx.deps, input)),
  thirdLevelSubcategories: publicProcedure
    .input(subcategoriesInput)
    .output(thirdLevelSubcategoriesOutput)
    .query(({ ctx, input }) => service.listThirdLevelSubcategories(ctx.deps, input)),
  geocode: publicProcedure
    .input(geocodeInput)
    .output(geocodeOutput)
    .query(({ ctx, input }) => geo.geocode(ctx.deps, input)),
  reverseGeocode: publicProcedure
    .input(reverseGeocodeInput)
    .output(reverseGeocodeOutput)
    .query(({ ctx, input }) => geo.reverseGeocode(ctx.deps, input)),
  /** Administrators' categories: material groups and the three subcategory levels. */
  admin: router({
    materialGroups: adminProcedure.output(adminMaterialGroupsOutput).query(({ ctx }) => service.adminMaterialGroups(ctx.deps)),
    subcategories: adminProcedure
      .input(adminSubcategoriesInput)
      .output(adminSubcategoriesOutput)
      .query(({ ctx, input }) => service.adminSubcategories(ctx.deps, input)),
    searchCategories: adminProcedure.input(searchCategoriesInput).query(({ ctx, input }) => service.searchCategories(ctx.deps, input)),
    defraMaterials: adminProcedure.query(({ ctx }) => service.defraMaterials(ctx.deps)),
    createMaterialGroup: adminProcedure
      .input(createMaterialGroupInput)
      .output(adminCreateMaterialGroupOutput)
      .mutation(serve(service.createMaterialGroup)),
    updateMaterialGroup: adminProcedure
      .input(updateMaterialGroupInput)
      .output(adminUpdateMaterialGroupOutput)
      .mutation(serve(service.updateMaterialGroup)),
    deleteMaterialGroup: adminProcedure
      .input(materialGroupIdInput)
      .output(adminDeleteMaterialGroupOutput)
      .mutation(serve(service.deleteMaterialGroup)),
    createSubcategory: adminProcedure.input(createSubcategoryInput).output(adminCreateSubcategoryOutput).mutation(serve(service.createSubcategory)),
    updateSubcategory: adminProcedure.input(updateSubcategoryInput).output(adminUpdateSubcategoryOutput).mutation(serve(service.updateSubcategory)),
    deleteSubcategory: adminProcedure.input(deleteSubcategoryInput).output(adminDeleteSubcategoryOutput).mutation(serve(service.deleteSubcategory)),
  }),
});
