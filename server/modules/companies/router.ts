import {
  adminCompaniesInput,
  adminCompanyIdInput,
  companyIdInput,
  listCompaniesInput,
  updateCompanyDatesInput,
  updateCompanyInput,
} from '../../../shared/schemas/companies';
import { adminProcedure, authedProcedure, companyProcedure, managerProcedure, router } from '../../trpc/init';
import * as service from './service';

export const companiesRouter = router({
  myAddresses: companyProcedure.query(({ ctx }) => service.listMyAddresses(ctx.deps, ctx.actor)),
  list: authedProcedure.input(listCompaniesInput).query(({ ctx, input }) => service.listCompanies(ctx.deps, ctx.actor, input)),
  get: authedProcedure.input(companyIdInput).query(({ ctx, input }) => service.getCompany(ctx.deps, ctx.actor, input)),
  update: managerProcedure.input(updateCompanyInput).mutation(({ ctx, input }) => service.updateCompany(ctx.deps, ctx.actor, input)),
  admin: router({
    list: adminProcedure.input(adminCompaniesInput).query(({ ctx, input }) => service.listForAdmin(ctx.deps, ctx.actor, input)),
    get: adminProcedure.input(adminCompanyIdInput).query(({ ctx, input }) => service.adminGetCompany(ctx.deps, ctx.actor, input)),
    update: adminProcedure.input(updateCompanyDatesInput).mutation(({ ctx, input }) => service.updateCompanyDates(ctx.deps, ctx.actor, input)),
  }),
});
