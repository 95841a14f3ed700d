// SPEC §7 Notifications, as pinned by issue 9.
import { body, params, query, type RestRoute } from '../../rest/define';

export const notificationsRest: RestRoute[] = [
  { method: 'get', path: '/api/notifications/unseen', handler: (c) => c.notifications.unseen() },
  { method: 'get', path: '/api/notifications', handler: (c, req) => c.notifications.list(query(req) as never) },
  { method: 'put', path: '/api/notifications/read', handler: (c, req) => c.notifications.markRead(body(req) as never) },
  { method: 'delete', path: '/api/notifications/:id', handler: (c, req) => c.notifications.remove({ id: params(req).id } as never) },
];
