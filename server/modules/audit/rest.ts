// The administrators' audit trail (SPEC §7 Admin).
import { get } from '../../rest/define';

export const auditRest = [
  get('/admin/audit-log', 'audit.admin.list', {
    query: 'rest',
    summary: 'Administrator actions that changed data, newest first (filter by actor_user_id, entity, entity_id, from, to), paged',
  }),
  get('/admin/audit-log/actors', 'audit.admin.actors', { summary: 'The administrators who have entries in the audit log (for its filter)' }),
];
