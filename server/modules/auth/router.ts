import {
  adminCreateResetLinkOutput,
  changePasswordInput,
  changePasswordOutput,
  driverLoginInput,
  driverLoginOutput,
  loginInput,
  loginOutput,
  logoutEverywhereOutput,
  logoutOutput,
  resetPasswordOutput,
} from '../../../shared/schemas/auth';
import { resetLinkInput, resetPasswordInput } from '../../../shared/schemas/registration';
import { adminProcedure, authedProcedure, publicProcedure, rateLimited, router } from '../../trpc/init';
import * as reset from './password-reset';
import * as service from './service';

export const authRouter = router({
  login: publicProcedure
    .input(loginInput)
    .output(loginOutput)
    .mutation(({ ctx, input }) => service.login(ctx.deps, input, ctx.actor.ip)),
  me: authedProcedure.query(({ ctx }) => service.me(ctx.deps, ctx.actor)),
  driverLogin: publicProcedure
    .input(driverLoginInput)
    .output(driverLoginOutput)
    .mutation(({ ctx, input }) => service.driverLogin(ctx.deps, input, ctx.actor.ip)),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .use(rateLimited('resetPassword'))
    .output(resetPasswordOutput)
    .mutation(({ ctx, input }) => reset.resetPassword(ctx.deps, input)),
  logout: authedProcedure.output(logoutOutput).mutation(({ ctx }) => service.logout(ctx.deps, ctx.actor)),
  logoutEverywhere: authedProcedure.output(logoutEverywhereOutput).mutation(({ ctx }) => service.logoutEverywhere(ctx.deps, ctx.actor)),
  changePassword: authedProcedure
    .input(changePasswordInput)
    .output(changePasswordOutput)
    .mutation(({ ctx, input }) => service.changePassword(ctx.deps, ctx.actor, input)),

  admin: router({
    createResetLink: adminProcedure
      .input(resetLinkInput)
      .output(adminCreateResetLinkOutput)
      .mutation(({ ctx, input }) => reset.createResetLink(ctx.deps, ctx.actor, input.user_id)),
  }),
});
