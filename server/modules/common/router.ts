import { countriesInput, subcategoriesInput } from '../../../shared/schemas/common';
import { publicProcedure, router } from '../../trpc/init';
import * as service from './service';

export const commonRouter = router({
  config: publicProcedure.query(({ ctx }) => service.clientConfig(ctx.deps)),
  landingStats: publicProcedure.query(({ ctx }) => service.landingStats(ctx.deps)),
  countries: publicProcedure.input(countriesInput).query(({ ctx, input }) => service.listCountries(ctx.deps, input)),
  materialGroups: publicProcedure.query(({ ctx }) => service.listMaterialGroups(ctx.deps)),
  firstLevelSubcategories: publicProcedure.input(subcategoriesInput).query(({ ctx, input }) => service.listFirstLevelSubcategories(ctx.deps, input)),
  secondLevelSubcategories: publicProcedure.input(subcategoriesInput).query(({ ctx, input }) => service.listSecondLevelSubcategories(ctx.deps, input)),
  thirdLevelSubcategories: publicProcedure.input(subcategoriesInput).query(({ ctx, input }) => service.listThirdLevelSubcategories(ctx.deps, input)),
});
