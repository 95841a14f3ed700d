import {
  adminCompaniesInput,
  adminCompanyIdInput,
  adminGetOutput,
  adminListOutput,
  adminUpdateOutput,
  companyIdInput,
  getOutput,
  listCompaniesInput,
  listOutput,
  updateCompanyDatesInput,
  updateCompanyInput,
  updateOutput,
} from '../../../shared/schemas/companies';
import { adminProcedure, authedProcedure, companyProcedure, managerProcedure, router } from '../../trpc/init';
import * as service from './service';

export const companiesRouter = router({
  myAddresses: companyProcedure.query(({ ctx }) => service.listMyAddresses(ctx.deps, ctx.actor)),
  list: authedProcedure
    .input(listCompaniesInput)
    .output(listOutput)
    .query(({ ctx, input }) => service.listCompanies(ctx.deps, ctx.actor, input)),
  get: authedProcedure
    .input(companyIdInput)
    .output(getOutput)
    .query(({ ctx, input }) => service.getCompany(ctx.deps, ctx.actor, input)),
  update: managerProcedure
    .input(updateCompanyInput)
    .output(updateOutput)
    .mutation(({ ctx, input }) => service.updateCompany(ctx.deps, ctx.actor, input)),
  admin: router({
    list: adminProcedure
      .input(adminCompaniesInput)
      .output(adminListOutput)
      .query(({ ctx, input }) => service.listForAdmin(ctx.deps, ctx.actor, input)),
    get: adminProcedure
      .input(adminCompanyIdInput)
      .output(adminGetOutput)
      .query(({ ctx, input }) => service.adminGetCompany(ctx.deps, ctx.actor, input)),
    update: adminProcedure
      .input(updateCompanyDatesInput)
      .output(adminUpdateOutput)
      .mutation(({ ctx, input }) => service.updateCompanyDates(ctx.deps, ctx.actor, input)),
  }),
});
