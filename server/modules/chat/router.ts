import {
  attachmentsOutput,
  chatIdInput,
  chatMessagesInput,
  getOutput,
  listChatsInput,
  listOutput,
  markSeenOutput,
  sendMessageInput,
  sendOutput,
} from '../../../shared/schemas/chat';
import { authedProcedure, companyProcedure, rateLimited, router } from '../../trpc/init';
import * as service from './service';

export const chatRouter = router({
  list: companyProcedure
    .input(listChatsInput)
    .output(listOutput)
    .query(({ ctx, input }) => service.listChats(ctx.deps, ctx.actor, input)),
  /** The two companies, or an administrator reading; the service decides. */
  get: authedProcedure
    .input(chatMessagesInput)
    .output(getOutput)
    .query(({ ctx, input }) => service.getChat(ctx.deps, ctx.actor, input)),
  attachments: authedProcedure
    .input(chatIdInput)
    .output(attachmentsOutput)
    .query(({ ctx, input }) => service.listAttachments(ctx.deps, ctx.actor, input)),
  send: companyProcedure
    .input(sendMessageInput)
    .use(rateLimited('chatMessage'))
    .output(sendOutput)
    .mutation(({ ctx, input }) => service.sendMessage(ctx.deps, ctx.actor, input)),
  markSeen: companyProcedure
    .input(chatIdInput)
    .output(markSeenOutput)
    .mutation(({ ctx, input }) => service.markSeen(ctx.deps, ctx.actor, input)),
});
