import { auditLogInput } from '../../../shared/schemas/audit';
import { adminProcedure, router } from '../../trpc/init';
import * as service from './service';

export const auditRouter = router({
  admin: router({
    list: adminProcedure.input(auditLogInput).query(({ ctx, input }) => service.listAuditLog(ctx.deps, ctx.actor, input)),
    actors: adminProcedure.query(({ ctx }) => service.listAuditActors(ctx.deps, ctx.actor)),
  }),
});
