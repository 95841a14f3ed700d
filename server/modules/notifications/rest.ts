import { query, type RestRoute } from '../../rest/define';

export const notificationsRest: RestRoute[] = [
  { method: 'get', path: '/admin/mail-outbox', handler: (c, req) => c.notifications.admin.outbox(query(req) as never) },
];
