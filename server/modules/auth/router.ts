import { changePasswordInput, driverLoginInput, loginInput } from '../../../shared/schemas/auth';
import { resetLinkInput, resetPasswordInput } from '../../../shared/schemas/registration';
import { adminProcedure, authedProcedure, publicProcedure, rateLimited, router } from '../../trpc/init';
import * as reset from './password-reset';
import * as service from './service';

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(({ ctx, input }) => service.login(ctx.deps, input, ctx.actor.ip)),
  me: authedProcedure.query(({ ctx }) => service.me(ctx.deps, ctx.actor)),
  driverLogin: publicProcedure.input(driverLoginInput).mutation(({ ctx, input }) => service.driverLogin(ctx.deps, input, ctx.actor.ip)),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .use(rateLimited('resetPassword'))
    .mutation(({ ctx, input }) => reset.resetPassword(ctx.deps, input)),
  logout: authedProcedure.mutation(({ ctx }) => service.logout(ctx.deps, ctx.actor)),
  logoutEverywhere: authedProcedure.mutation(({ ctx }) => service.logoutEverywhere(ctx.deps, ctx.actor)),
  changePassword: authedProcedure.input(changePasswordInput).mutation(({ ctx, input }) => service.changePassword(ctx.deps, ctx.actor, input)),

  admin: router({
    createResetLink: adminProcedure.input(resetLinkInput).mutation(({ ctx, input }) => reset.createResetLink(ctx.deps, ctx.actor, input.user_id)),
  }),
});
