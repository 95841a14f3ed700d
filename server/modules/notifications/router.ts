import { companyProcedure, router } from '../../trpc/init';
import * as service from './service';

export const notificationsRouter = router({
  counters: companyProcedure.query(({ ctx }) => service.counters(ctx.deps, ctx.actor)),
});
