import { changePasswordInput } from '../../../shared/schemas/auth';
import { setLanguageInput } from '../../../shared/schemas/users';
import { authedProcedure, router } from '../../trpc/init';
import * as auth from '../auth/service';
import * as service from './service';

export const usersRouter = router({
  setLanguage: authedProcedure.input(setLanguageInput).mutation(({ ctx, input }) => service.setLanguage(ctx.deps, ctx.actor, input)),
  changePassword: authedProcedure.input(changePasswordInput).mutation(({ ctx, input }) => auth.changePassword(ctx.deps, ctx.actor, input)),
});
