import { route } from '../../rest/define';

export const notificationsRest = [
  route({ method: 'get', path: '/admin/mail-outbox', procedure: 'notifications.admin.outbox', query: 'rest', summary: 'The mail outbox, newest first, paged' }),
];
