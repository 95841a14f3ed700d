import {
  adminUpdateUserInput,
  adminUsersInput,
  createUserInput,
  emailPreferencesInput,
  listUsersInput,
  setCredentialsInput,
  setLanguageInput,
  updateUserInput,
  userIdInput,
} from '../../../shared/schemas/users';
import { adminProcedure, authedProcedure, companyProcedure, managerProcedure, router } from '../../trpc/init';
import * as service from './service';

// Password changes of the own account live in auth (auth.changePassword): they end sessions and sign a new token.
export const usersRouter = router({
  setLanguage: authedProcedure.input(setLanguageInput).mutation(({ ctx, input }) => service.setLanguage(ctx.deps, ctx.actor, input)),
  emailPreferences: authedProcedure.query(({ ctx }) => service.emailPreferences(ctx.deps, ctx.actor)),
  setEmailPreferences: authedProcedure
    .input(emailPreferencesInput)
    .mutation(({ ctx, input }) => service.setEmailPreferences(ctx.deps, ctx.actor, input)),

  /** A person's page: public fields to anyone signed in, private ones to the user, their managers and administrators. */
  get: authedProcedure.input(userIdInput).query(({ ctx, input }) => service.getUser(ctx.deps, ctx.actor, input)),
  /** The own profile, or (managers) a colleague's names, official role and role. */
  update: companyProcedure.input(updateUserInput).mutation(({ ctx, input }) => service.updateUser(ctx.deps, ctx.actor, input)),
  list: managerProcedure.input(listUsersInput).query(({ ctx, input }) => service.listUsers(ctx.deps, ctx.actor, input)),
  create: managerProcedure.input(createUserInput).mutation(({ ctx, input }) => service.createUser(ctx.deps, ctx.actor, input)),
  remove: managerProcedure.input(userIdInput).mutation(({ ctx, input }) => service.deleteUser(ctx.deps, ctx.actor, input)),
  setCredentials: managerProcedure.input(setCredentialsInput).mutation(({ ctx, input }) => service.setCredentials(ctx.deps, ctx.actor, input)),

  admin: router({
    list: adminProcedure.input(adminUsersInput).query(({ ctx, input }) => service.adminListUsers(ctx.deps, ctx.actor, input)),
    update: adminProcedure.input(adminUpdateUserInput).mutation(({ ctx, input }) => service.adminUpdateUser(ctx.deps, ctx.actor, input)),
  }),
});
