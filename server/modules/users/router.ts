import * as schema from '../../../shared/schemas/users';
import { adminProcedure, authedProcedure, companyProcedure, managerProcedure, router, serve } from '../../trpc/init';
import * as invitations from '../invitations/service';
import * as service from './service';

// Password changes of the own account live in auth (auth.changePassword): they end sessions and sign a new token.
export const usersRouter = router({
  setLanguage: authedProcedure.input(schema.setLanguageInput).mutation(serve(service.setLanguage)),
  emailPreferences: authedProcedure.query(serve(service.emailPreferences)),
  setEmailPreferences: authedProcedure.input(schema.emailPreferencesInput).mutation(serve(service.setEmailPreferences)),

  /** A person's page: public fields to anyone signed in, private ones to the user, their managers and administrators. */
  get: authedProcedure.input(schema.userIdInput).output(schema.getOutput).query(serve(service.getUser)),
  /** The own profile, or (managers) a colleague's names, official role and role. */
  update: companyProcedure.input(schema.updateUserInput).output(schema.updateOutput).mutation(serve(service.updateUser)),
  list: managerProcedure.input(schema.listUsersInput).output(schema.listOutput).query(serve(service.listUsers)),
  /** Adds a colleague by invitation, as POST api/companies/{id}/invitations (the colleague sets their own password). */
  create: managerProcedure
    .input(schema.createUserInput)
    .output(schema.createOutput)
    .mutation(({ ctx, input }) =>
      invitations.createInvitation(ctx.deps, ctx.actor, {
        company_id: input.company_id ?? ctx.actor.company_id,
        email: input.email,
        role: input.role,
        public_email_acknowledged: input.public_email_acknowledged,
      }),
    ),
  remove: managerProcedure.input(schema.userIdInput).output(schema.removeOutput).mutation(serve(service.deleteUser)),
  setCredentials: managerProcedure.input(schema.setCredentialsInput).output(schema.setCredentialsOutput).mutation(serve(service.setCredentials)),

  admin: router({
    list: adminProcedure.input(schema.adminUsersInput).output(schema.adminListOutput).query(serve(service.adminListUsers)),
    update: adminProcedure.input(schema.adminUpdateUserInput).output(schema.adminUpdateOutput).mutation(serve(service.adminUpdateUser)),
  }),
});
