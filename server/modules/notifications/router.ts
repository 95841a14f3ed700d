import { mailOutboxInput } from '../../../shared/schemas/mail';
import { markNotificationsInput, notificationIdInput, notificationsPageInput } from '../../../shared/schemas/notifications';
import { adminProcedure, companyProcedure, router } from '../../trpc/init';
import * as outbox from './mail-outbox';
import * as service from './service';

export const notificationsRouter = router({
  counters: companyProcedure.query(({ ctx }) => service.counters(ctx.deps, ctx.actor)),
  list: companyProcedure.input(notificationsPageInput).query(({ ctx, input }) => service.list(ctx.deps, ctx.actor, input)),
  unseen: companyProcedure.query(({ ctx }) => service.unseen(ctx.deps, ctx.actor)),
  markRead: companyProcedure.input(markNotificationsInput).mutation(({ ctx, input }) => service.markRead(ctx.deps, ctx.actor, input)),
  remove: companyProcedure.input(notificationIdInput).mutation(({ ctx, input }) => service.remove(ctx.deps, ctx.actor, input)),

  admin: router({
    outbox: adminProcedure.input(mailOutboxInput).query(({ ctx, input }) => outbox.listOutbox(ctx.deps, input)),
  }),
});
