import { driverProcedure, router } from '../../trpc/init';
import * as service from './service';

/**
 * The driver app's own procedures (driver token audience), mounted as `driver.*`: the client sends the
 * driver token for exactly this prefix. Administrators' procedures on drivers and vehicles belong in a
 * `drivers` router with an `admin` sub-router, which runs with the user token.
 */
export const driverRouter = router({
  me: driverProcedure.query(({ ctx }) => service.me(ctx.deps, ctx.actor)),
});
