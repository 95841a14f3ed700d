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
import { authedProcedure, companyProcedure, rateLimited, router, serve } from '../../trpc/init';
import * as service from './service';

export const chatRouter = router({
  list: companyProcedure.input(listChatsInput).output(listOutput).query(serve(service.listChats)),
  /** The two companies, or an administrator reading; the service decides. */
  get: authedProcedure.input(chatMessagesInput).output(getOutput).query(serve(service.getChat)),
  attachments: authedProcedure.input(chatIdInput).output(attachmentsOutput).query(serve(service.listAttachments)),
  send: companyProcedure.input(sendMessageInput).use(rateLimited('chatMessage')).output(sendOutput).mutation(serve(service.sendMessage)),
  markSeen: companyProcedure.input(chatIdInput).output(markSeenOutput).mutation(serve(service.markSeen)),
});
