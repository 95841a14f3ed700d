import { mailOutboxInput } from '../../../shared/schemas/admin';
import { resetLinkInput } from '../../../shared/schemas/registration';
import { updateCompanyDatesInput } from '../../../shared/schemas/subscriptions';
import { adminProcedure, router } from '../../trpc/init';
import * as reset from '../auth/password-reset';
import * as service from './service';

export const adminRouter = router({
  outbox: adminProcedure.input(mailOutboxInput).query(({ ctx, input }) => service.outbox(ctx.deps, input)),
  createResetLink: adminProcedure.input(resetLinkInput).mutation(({ ctx, input }) => reset.createResetLink(ctx.deps, ctx.actor, input.user_id)),
  updateCompany: adminProcedure.input(updateCompanyDatesInput).mutation(({ ctx, input }) => service.updateCompany(ctx.deps, input)),
});
