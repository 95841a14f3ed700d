import { emailPreferencesInput, setLanguageInput } from '../../../shared/schemas/users';
import { authedProcedure, router } from '../../trpc/init';
import * as service from './service';

// Password changes live in auth (auth.changePassword): they end sessions and sign a new token.
export const usersRouter = router({
  setLanguage: authedProcedure.input(setLanguageInput).mutation(({ ctx, input }) => service.setLanguage(ctx.deps, ctx.actor, input)),
  emailPreferences: authedProcedure.query(({ ctx }) => service.emailPreferences(ctx.deps, ctx.actor)),
  setEmailPreferences: authedProcedure.input(emailPreferencesInput).mutation(({ ctx, input }) => service.setEmailPreferences(ctx.deps, ctx.actor, input)),
});
