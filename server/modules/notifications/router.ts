import { mailIdInput, mailOutboxInput } from '../../../shared/schemas/mail';
import {
  adminOutboxMailOutput,
  adminOutboxOutput,
  adminResendMailOutput,
  listOutput,
  markNotificationsInput,
  markReadOutput,
  notificationIdInput,
  notificationsPageInput,
  removeOutput,
  unseenOutput,
} from '../../../shared/schemas/notifications';
import { adminProcedure, companyProcedure, router, serve } from '../../trpc/init';
import * as outbox from './mail-outbox';
import * as service from './service';

export const notificationsRouter = router({
  counters: companyProcedure.query(serve(service.counters)),
  list: companyProcedure.input(notificationsPageInput).output(listOutput).query(serve(service.list)),
  unseen: companyProcedure.output(unseenOutput).query(serve(service.unseen)),
  markRead: companyProcedure.input(markNotificationsInput).output(markReadOutput).mutation(serve(service.markRead)),
  remove: companyProcedure.input(notificationIdInput).output(removeOutput).mutation(serve(service.remove)),

  admin: router({
    outbox: adminProcedure
      .input(mailOutboxInput)
      .output(adminOutboxOutput)
      .query(({ ctx, input }) => outbox.listOutbox(ctx.deps, input)),
    outboxMail: adminProcedure.input(mailIdInput).output(adminOutboxMailOutput).query(serve(outbox.getOutboxMail)),
    resendMail: adminProcedure.input(mailIdInput).output(adminResendMailOutput).mutation(serve(outbox.resendOutboxMail)),
  }),
});
