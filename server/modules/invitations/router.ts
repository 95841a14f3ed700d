import * as schema from '../../../shared/schemas/invitations';
import { managerProcedure, publicProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const invitationsRouter = router({
  create: managerProcedure.input(schema.createInvitationInput).output(schema.createOutput).mutation(serve(service.createInvitation)),
  list: managerProcedure.input(schema.listInvitationsInput).output(schema.listOutput).query(serve(service.listInvitations)),
  revoke: managerProcedure.input(schema.revokeInvitationInput).output(schema.revokeOutput).mutation(serve(service.revokeInvitation)),
  /** Public: the invitee has no account yet; the token is the secret. */
  get: publicProcedure
    .input(schema.invitationTokenInput)
    .use(rateLimited('invitation'))
    .output(schema.getOutput)
    .query(({ ctx, input }) => service.invitationByToken(ctx.deps, input)),
  accept: publicProcedure
    .input(schema.acceptInvitationInput)
    .use(rateLimited('invitation'))
    .output(schema.acceptOutput)
    .mutation(({ ctx, input }) => service.acceptInvitation(ctx.deps, input)),
});
