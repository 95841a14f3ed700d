import { adminCompaniesInput, updateCompanyDatesInput } from '../../../shared/schemas/companies';
import { adminProcedure, companyProcedure, router } from '../../trpc/init';
import * as service from './service';

export const companiesRouter = router({
  myAddresses: companyProcedure.query(({ ctx }) => service.listMyAddresses(ctx.deps, ctx.actor)),

  admin: router({
    list: adminProcedure.input(adminCompaniesInput).query(({ ctx, input }) => service.listForAdmin(ctx.deps, ctx.actor, input)),
    update: adminProcedure.input(updateCompanyDatesInput).mutation(({ ctx, input }) => service.updateCompanyDates(ctx.deps, input)),
  }),
});
