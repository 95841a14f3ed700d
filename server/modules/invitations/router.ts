import {
  acceptInvitationInput,
  acceptOutput,
  createInvitationInput,
  createOutput,
  getOutput,
  invitationTokenInput,
  listInvitationsInput,
  listOutput,
  revokeInvitationInput,
  revokeOutput,
} from '../../../shared/schemas/invitations';
import { managerProcedure, publicProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const invitationsRouter = router({
  create: managerProcedure.input(createInvitationInput).output(createOutput).mutation(serve(service.createInvitation)),
  list: managerProcedure.input(listInvitationsInput).output(listOutput).query(serve(service.listInvitations)),
  revoke: managerProcedure.input(revokeInvitationInput).output(revokeOutput).mutation(serve(service.revokeInvitation)),
  /** Public: the invitee has no account yet; the token is the secret. */
  get: publicProcedure
    .input(invitationTokenInput)
    .use(rateLimited('invitation'))
    .output(getOutput)
    .query(({ ctx, input }) => service.invitationByToken(ctx.deps, input)),
  accept: publicProcedure
    .input(acceptInvitationInput)
    .use(rateLimited('invitation'))
    .output(acceptOutput)
    .mutation(({ ctx, input }) => service.acceptInvitation(ctx.deps, input)),
});
