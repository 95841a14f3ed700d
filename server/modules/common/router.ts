import { countriesInput, subcategoriesInput } from '../../../shared/schemas/common';
import { geocodeInput, reverseGeocodeInput } from '../../../shared/schemas/geocode';
import { publicProcedure, router } from '../../trpc/init';
import * as geo from './geocode';
import * as service from './service';

export const commonRouter = router({
  config: publicProcedure.query(({ ctx }) => service.clientConfig(ctx.deps)),
  landingStats: publicProcedure.query(({ ctx }) => service.landingStats(ctx.deps)),
  countries: publicProcedure.input(countriesInput).query(({ ctx, input }) => service.listCountries(ctx.deps, input)),
  materialGroups: publicProcedure.query(({ ctx }) => service.listMaterialGroups(ctx.deps)),
  sdgs: publicProcedure.query(({ ctx }) => service.listSdgs(ctx.deps)),
  firstLevelSubcategories: publicProcedure.input(subcategoriesInput).query(({ ctx, input }) => service.listFirstLevelSubcategories(ctx.deps, input)),
  secondLevelSubcategories: publicProcedure.input(subcategoriesInput).query(({ ctx, input }) => service.listSecondLevelSubcategories(ctx.deps, input)),
  thirdLevelSubcategories: publicProcedure.input(subcategoriesInput).query(({ ctx, input }) => service.listThirdLevelSubcategories(ctx.deps, input)),
  geocode: publicProcedure.input(geocodeInput).query(({ ctx, input }) => geo.geocode(ctx.deps, input)),
  reverseGeocode: publicProcedure.input(reverseGeocodeInput).query(({ ctx, input }) => geo.reverseGeocode(ctx.deps, input)),
});
