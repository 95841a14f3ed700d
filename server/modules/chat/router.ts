import * as schema from '../../../shared/schemas/chat';
import { authedProcedure, companyProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const chatRouter = router({
  list: companyProcedure.input(schema.listChatsInput).output(schema.listOutput).query(serve(service.listChats)),
  /** The two companies, or an administrator reading; the service decides. */
  get: authedProcedure.input(schema.chatMessagesInput).output(schema.getOutput).query(serve(service.getChat)),
  attachments: authedProcedure.input(schema.chatIdInput).output(schema.attachmentsOutput).query(serve(service.listAttachments)),
  send: companyProcedure
    .input(schema.sendMessageInput)
    .use(rateLimited('chatMessage'))
    .output(schema.sendOutput)
    .mutation(serve(service.sendMessage)),
  markSeen: companyProcedure.input(schema.chatIdInput).output(schema.markSeenOutput).mutation(serve(service.markSeen)),
});
