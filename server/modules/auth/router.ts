import * as auth from '../../../shared/schemas/auth';
import * as registration from '../../../shared/schemas/registration';
import { adminProcedure, authedProcedure, publicProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as reset from './password-reset';
import * as service from './service';

export const authRouter = router({
  login: publicProcedure
    .input(auth.loginInput)
    .output(auth.loginOutput)
    .mutation(({ ctx, input }) => service.login(ctx.deps, input, ctx.actor.ip)),
  me: authedProcedure.query(serve(service.me)),
  driverLogin: publicProcedure
    .input(auth.driverLoginInput)
    .output(auth.driverLoginOutput)
    .mutation(({ ctx, input }) => service.driverLogin(ctx.deps, input, ctx.actor.ip)),
  resetPassword: publicProcedure
    .input(registration.resetPasswordInput)
    .use(rateLimited('resetPassword'))
    .output(auth.resetPasswordOutput)
    .mutation(({ ctx, input }) => reset.resetPassword(ctx.deps, input)),
  logout: authedProcedure.output(auth.logoutOutput).mutation(serve(service.logout)),
  logoutEverywhere: authedProcedure.output(auth.logoutEverywhereOutput).mutation(serve(service.logoutEverywhere)),
  changePassword: authedProcedure.input(auth.changePasswordInput).output(auth.changePasswordOutput).mutation(serve(service.changePassword)),

  admin: router({
    createResetLink: adminProcedure
      .input(registration.resetLinkInput)
      .output(auth.adminCreateResetLinkOutput)
      .mutation(({ ctx, input }) => reset.createResetLink(ctx.deps, ctx.actor, input.user_id)),
  }),
});
