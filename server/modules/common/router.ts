import {
  adminSubcategoriesInput,
  countriesInput,
  createMaterialGroupInput,
  createSubcategoryInput,
  deleteSubcategoryInput,
  materialGroupIdInput,
  searchCategoriesInput,
  subcategoriesInput,
  updateMaterialGroupInput,
  updateSubcategoryInput,
} from '../../../shared/schemas/common';
import { geocodeInput, reverseGeocodeInput } from '../../../shared/schemas/geocode';
import { adminProcedure, publicProcedure, router } from '../../trpc/init';
import * as geo from './geocode';
import * as service from './service';

export const commonRouter = router({
  config: publicProcedure.query(({ ctx }) => service.clientConfig(ctx.deps)),
  landingStats: publicProcedure.query(({ ctx }) => service.landingStats(ctx.deps)),
  countries: publicProcedure.input(countriesInput).query(({ ctx, input }) => service.listCountries(ctx.deps, input)),
  materialGroups: publicProcedure.query(({ ctx }) => service.listMaterialGroups(ctx.deps)),
  sdgs: publicProcedure.query(({ ctx }) => service.listSdgs(ctx.deps)),
  firstLevelSubcategories: publicProcedure.input(subcategoriesInput).query(({ ctx, input }) => service.listFirstLevelSubcategories(ctx.deps, input)),
  secondLevelSubcategories: publicProcedure
    .input(subcategoriesInput)
    .query(({ ctx, input }) => service.listSecondLevelSubcategories(ctx.deps, input)),
  thirdLevelSubcategories: publicProcedure.input(subcategoriesInput).query(({ ctx, input }) => service.listThirdLevelSubcategories(ctx.deps, input)),
  geocode: publicProcedure.input(geocodeInput).query(({ ctx, input }) => geo.geocode(ctx.deps, input)),
  reverseGeocode: publicProcedure.input(reverseGeocodeInput).query(({ ctx, input }) => geo.reverseGeocode(ctx.deps, input)),
  /** Administrators' categories: material groups and the three subcategory levels (issue 14). */
  admin: router({
    materialGroups: adminProcedure.query(({ ctx }) => service.adminMaterialGroups(ctx.deps)),
    subcategories: adminProcedure.input(adminSubcategoriesInput).query(({ ctx, input }) => service.adminSubcategories(ctx.deps, input)),
    searchCategories: adminProcedure.input(searchCategoriesInput).query(({ ctx, input }) => service.searchCategories(ctx.deps, input)),
    defraMaterials: adminProcedure.query(({ ctx }) => service.defraMaterials(ctx.deps)),
    createMaterialGroup: adminProcedure
      .input(createMaterialGroupInput)
      .mutation(({ ctx, input }) => service.createMaterialGroup(ctx.deps, ctx.actor, input)),
    updateMaterialGroup: adminProcedure
      .input(updateMaterialGroupInput)
      .mutation(({ ctx, input }) => service.updateMaterialGroup(ctx.deps, ctx.actor, input)),
    deleteMaterialGroup: adminProcedure
      .input(materialGroupIdInput)
      .mutation(({ ctx, input }) => service.deleteMaterialGroup(ctx.deps, ctx.actor, input)),
    createSubcategory: adminProcedure
      .input(createSubcategoryInput)
      .mutation(({ ctx, input }) => service.createSubcategory(ctx.deps, ctx.actor, input)),
    updateSubcategory: adminProcedure
      .input(updateSubcategoryInput)
      .mutation(({ ctx, input }) => service.updateSubcategory(ctx.deps, ctx.actor, input)),
    deleteSubcategory: adminProcedure
      .input(deleteSubcategoryInput)
      .mutation(({ ctx, input }) => service.deleteSubcategory(ctx.deps, ctx.actor, input)),
  }),
});
