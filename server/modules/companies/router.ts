import { adminCompaniesInput } from '../../../shared/schemas/common';
import { adminProcedure, router } from '../../trpc/init';
import * as service from './service';

export const companiesRouter = router({
  adminList: adminProcedure.input(adminCompaniesInput).query(({ ctx, input }) => service.listForAdmin(ctx.deps, ctx.actor, input)),
});
