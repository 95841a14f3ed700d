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
import { adminProcedure, companyProcedure, router } from '../../trpc/init';
import * as outbox from './mail-outbox';
import * as service from './service';

export const notificationsRouter = router({
  counters: companyProcedure.query(({ ctx }) => service.counters(ctx.deps, ctx.actor)),
  list: companyProcedure
    .input(notificationsPageInput)
    .output(listOutput)
    .query(({ ctx, input }) => service.list(ctx.deps, ctx.actor, input)),
  unseen: companyProcedure.output(unseenOutput).query(({ ctx }) => service.unseen(ctx.deps, ctx.actor)),
  markRead: companyProcedure
    .input(markNotificationsInput)
    .output(markReadOutput)
    .mutation(({ ctx, input }) => service.markRead(ctx.deps, ctx.actor, input)),
  remove: companyProcedure
    .input(notificationIdInput)
    .output(removeOutput)
    .mutation(({ ctx, input }) => service.remove(ctx.deps, ctx.actor, input)),

  admin: router({
    outbox: adminProcedure
      .input(mailOutboxInput)
      .output(adminOutboxOutput)
      .query(({ ctx, input }) => outbox.listOutbox(ctx.deps, input)),
    outboxMail: adminProcedure
      .input(mailIdInput)
      .output(adminOutboxMailOutput)
      .query(({ ctx, input }) => outbox.getOutboxMail(ctx.deps, ctx.actor, input)),
    resendMail: adminProcedure
      .input(mailIdInput)
      .output(adminResendMailOutput)
      .mutation(({ ctx, input }) => outbox.resendOutboxMail(ctx.deps, ctx.actor, input)),
  }),
});
