import { adminActorsOutput, adminListOutput, auditLogInput } from '../../../shared/schemas/audit';
import { adminProcedure, router } from '../../trpc/init';
import * as service from './service';

export const auditRouter = router({
  admin: router({
    list: adminProcedure
      .input(auditLogInput)
      .output(adminListOutput)
      .query(({ ctx, input }) => service.listAuditLog(ctx.deps, ctx.actor, input)),
    actors: adminProcedure.output(adminActorsOutput).query(({ ctx }) => service.listAuditActors(ctx.deps, ctx.actor)),
  }),
});
