import * as mail from '../../../shared/schemas/mail';
import * as notifications from '../../../shared/schemas/notifications';
import { adminProcedure, companyProcedure, router, serve } from '../../trpc/init';
import * as outbox from './mail-outbox';
import * as service from './service';

export const notificationsRouter = router({
  counters: companyProcedure.query(serve(service.counters)),
  list: companyProcedure.input(notifications.notificationsPageInput).output(notifications.listOutput).query(serve(service.list)),
  unseen: companyProcedure.output(notifications.unseenOutput).query(serve(service.unseen)),
  markRead: companyProcedure.input(notifications.markNotificationsInput).output(notifications.markReadOutput).mutation(serve(service.markRead)),
  remove: companyProcedure.input(notifications.notificationIdInput).output(notifications.removeOutput).mutation(serve(service.remove)),

  admin: router({
    outbox: adminProcedure
      .input(mail.mailOutboxInput)
      .output(notifications.adminOutboxOutput)
      .query(({ ctx, input }) => outbox.listOutbox(ctx.deps, input)),
    outboxMail: adminProcedure.input(mail.mailIdInput).output(notifications.adminOutboxMailOutput).query(serve(outbox.getOutboxMail)),
    resendMail: adminProcedure.input(mail.mailIdInput).output(notifications.adminResendMailOutput).mutation(serve(outbox.resendOutboxMail)),
  }),
});
