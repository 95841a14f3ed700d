// SPEC §7 Notifications and the administrators' mail outbox.
import { del, get, post, put } from '../../rest/define';

export const notificationsRest = [
  get('/api/notifications/unseen', 'notifications.unseen', { summary: 'How many of the caller’s notifications are unseen' }),
  get('/api/notifications', 'notifications.list', { query: 'rest', summary: 'The caller’s notifications, newest first, in pages of 8' }),
  put('/api/notifications/read', 'notifications.markRead', { body: 'rest', summary: 'Mark notifications read (or unread again with seen: false)' }),
  del('/api/notifications/:id', 'notifications.remove', { summary: 'Delete one of the caller’s notifications' }),
  get('/admin/mail-outbox', 'notifications.admin.outbox', { query: 'rest', summary: 'The mail outbox, newest first, paged' }),
  get('/admin/mail-outbox/:id', 'notifications.admin.outboxMail', {
    summary: 'One outbox mail as it was sent: recipient, subject, text, status, attempts and last error',
  }),
  post('/admin/mail-outbox/:id/resend', 'notifications.admin.resendMail', {
    summary: 'Send a failed mail again (a new delivery job); 409 unless its sending failed',
  }),
];
