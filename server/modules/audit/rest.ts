// The administrators' audit trail (SPEC §7 Admin).
import { route } from '../../rest/define';

export const auditRest = [
  route({
    method: 'get',
    path: '/admin/audit-log',
    procedure: 'audit.admin.list',
    query: 'rest',
    summary: 'Administrator actions that changed data, newest first (filter by actor_user_id, entity, entity_id, from, to), paged',
  }),
  route({
    method: 'get',
    path: '/admin/audit-log/actors',
    procedure: 'audit.admin.actors',
    summary: 'The administrators who have entries in the audit log (for its filter)',
  }),
];
