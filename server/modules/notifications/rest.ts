// SPEC §7 Notifications and the administrators' mail outbox.
import { route } from '../../rest/define';

export const notificationsRest = [
  route({
    method: 'get',
    path: '/api/notifications/unseen',
    procedure: 'notifications.unseen',
    summary: 'How many of the caller’s notifications are unseen',
  }),
  route({
    method: 'get',
    path: '/api/notifications',
    procedure: 'notifications.list',
    query: 'rest',
    summary: 'The caller’s notifications, newest first, in pages of 8',
  }),
  route({
    method: 'put',
    path: '/api/notifications/read',
    procedure: 'notifications.markRead',
    body: 'rest',
    summary: 'Mark notifications read (or unread again with seen: false)',
  }),
  route({
    method: 'delete',
    path: '/api/notifications/:id',
    procedure: 'notifications.remove',
    params: { id: 'id' },
    summary: 'Delete one of the caller’s notifications',
  }),
  route({
    method: 'get',
    path: '/admin/mail-outbox',
    procedure: 'notifications.admin.outbox',
    query: 'rest',
    summary: 'The mail outbox, newest first, paged',
  }),
  route({
    method: 'get',
    path: '/admin/mail-outbox/:id',
    procedure: 'notifications.admin.outboxMail',
    params: { id: 'id' },
    summary: 'One outbox mail as it was sent: recipient, subject, text, status, attempts and last error',
  }),
  route({
    method: 'post',
    path: '/admin/mail-outbox/:id/resend',
    procedure: 'notifications.admin.resendMail',
    params: { id: 'id' },
    summary: 'Send a failed mail again (a new delivery job); 409 unless its sending failed',
  }),
];
