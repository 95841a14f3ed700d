import { mailOutboxInput } from '../../../shared/schemas/mail';
import { adminProcedure, companyProcedure, router } from '../../trpc/init';
import * as outbox from './mail-outbox';
import * as service from './service';

export const notificationsRouter = router({
  counters: companyProcedure.query(({ ctx }) => service.counters(ctx.deps, ctx.actor)),

  admin: router({
    outbox: adminProcedure.input(mailOutboxInput).query(({ ctx, input }) => outbox.listOutbox(ctx.deps, input)),
  }),
});
