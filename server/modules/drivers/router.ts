import { driverProcedure, router } from '../../trpc/init';
import * as service from './service';

export const driversRouter = router({
  me: driverProcedure.query(({ ctx }) => service.me(ctx.deps, ctx.actor)),
});
