import {
  adminListOutput,
  adminUpdateOutput,
  adminUpdateUserInput,
  adminUsersInput,
  createOutput,
  createUserInput,
  emailPreferencesInput,
  getOutput,
  listOutput,
  listUsersInput,
  removeOutput,
  setCredentialsInput,
  setCredentialsOutput,
  setLanguageInput,
  updateOutput,
  updateUserInput,
  userIdInput,
} from '../../../shared/schemas/users';
import { adminProcedure, authedProcedure, companyProcedure, managerProcedure, router } from '../../trpc/init';
import * as invitations from '../invitations/service';
import * as service from './service';

// Password changes of the own account live in auth (auth.changePassword): they end sessions and sign a new token.
export const usersRouter = router({
  setLanguage: authedProcedure.input(setLanguageInput).mutation(({ ctx, input }) => service.setLanguage(ctx.deps, ctx.actor, input)),
  emailPreferences: authedProcedure.query(({ ctx }) => service.emailPreferences(ctx.deps, ctx.actor)),
  setEmailPreferences: authedProcedure
    .input(emailPreferencesInput)
    .mutation(({ ctx, input }) => service.setEmailPreferences(ctx.deps, ctx.actor, input)),

  /** A person's page: public fields to anyone signed in, private ones to the user, their managers and administrators. */
  get: authedProcedure
    .input(userIdInput)
    .output(getOutput)
    .query(({ ctx, input }) => service.getUser(ctx.deps, ctx.actor, input)),
  /** The own profile, or (managers) a colleague's names, official role and role. */
  update: companyProcedure
    .input(updateUserInput)
    .output(updateOutput)
    .mutation(({ ctx, input }) => service.updateUser(ctx.deps, ctx.actor, input)),
  list: managerProcedure
    .input(listUsersInput)
    .output(listOutput)
    .query(({ ctx, input }) => service.listUsers(ctx.deps, ctx.actor, input)),
  /** Adds a colleague by invitation, as POST api/companies/{id}/invitations (the colleague sets their own password). */
  create: managerProcedure
    .input(createUserInput)
    .output(createOutput)
    .mutation(({ ctx, input }) =>
      invitations.createInvitation(ctx.deps, ctx.actor, {
        company_id: input.company_id ?? ctx.actor.company_id,
        email: input.email,
        role: input.role,
        public_email_acknowledged: input.public_email_acknowledged,
      }),
    ),
  remove: managerProcedure
    .input(userIdInput)
    .output(removeOutput)
    .mutation(({ ctx, input }) => service.deleteUser(ctx.deps, ctx.actor, input)),
  setCredentials: managerProcedure
    .input(setCredentialsInput)
    .output(setCredentialsOutput)
    .mutation(({ ctx, input }) => service.setCredentials(ctx.deps, ctx.actor, input)),

  admin: router({
    list: adminProcedure
      .input(adminUsersInput)
      .output(adminListOutput)
      .query(({ ctx, input }) => service.adminListUsers(ctx.deps, ctx.actor, input)),
    update: adminProcedure
      .input(adminUpdateUserInput)
      .output(adminUpdateOutput)
      .mutation(({ ctx, input }) => service.adminUpdateUser(ctx.deps, ctx.actor, input)),
  }),
});
