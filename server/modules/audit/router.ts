import * as schema from '../../../shared/schemas/audit';
import { adminProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const auditRouter = router({
  admin: router({
    list: adminProcedure.input(schema.auditLogInput).output(schema.adminListOutput).query(serve(service.listAuditLog)),
    actors: adminProcedure.output(schema.adminActorsOutput).query(serve(service.listAuditActors)),
  }),
});
