import { adminCompaniesInput } from '../../../shared/schemas/common';
import { adminProcedure, companyProcedure, router } from '../../trpc/init';
import * as service from './service';

export const companiesRouter = router({
  adminList: adminProcedure.input(adminCompaniesInput).query(({ ctx, input }) => service.listForAdmin(ctx.deps, ctx.actor, input)),
  myAddresses: companyProcedure.query(({ ctx }) => service.listMyAddresses(ctx.deps, ctx.actor)),
});
