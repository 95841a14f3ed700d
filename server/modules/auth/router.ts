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
import { adminProcedure, authedProcedure, publicProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as reset from './password-reset';
import * as service from './service';

export const authRouter = router({
  login: publicProcedure
    .input(loginInput)
    .output(loginOutput)
    .mutation(({ ctx, input }) => service.login(ctx.deps, input, ctx.actor.ip)),
  me: authedProcedure.query(serve(service.me)),
  driverLogin: publicProcedure
    .input(driverLoginInput)
    .output(driverLoginOutput)
    .mutation(({ ctx, input }) => service.driverLogin(ctx.deps, input, ctx.actor.ip)),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .use(rateLimited('resetPassword'))
    .output(resetPasswordOutput)
    .mutation(({ ctx, input }) => reset.resetPassword(ctx.deps, input)),
  logout: authedProcedure.output(logoutOutput).mutation(serve(service.logout)),
  logoutEverywhere: authedProcedure.output(logoutEverywhereOutput).mutation(serve(service.logoutEverywhere)),
  changePassword: authedProcedure.input(changePasswordInput).output(changePasswordOutput).mutation(serve(service.changePassword)),

  admin: router({
    createResetLink: adminProcedure
      .input(resetLinkInput)
      .output(adminCreateResetLinkOutput)
      .mutation(({ ctx, input }) => reset.createResetLink(ctx.deps, ctx.actor, input.user_id)),
  }),
});
