import { adminActorsOutput, adminListOutput, auditLogInput } from '../../../shared/schemas/audit';
import { adminProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const auditRouter = router({
  admin: router({
    list: adminProcedure.input(auditLogInput).output(adminListOutput).query(serve(service.listAuditLog)),
    actors: adminProcedure.output(adminActorsOutput).query(serve(service.listAuditActors)),
  }),
});
