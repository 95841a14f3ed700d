// The help form and administrators' help-page queries.
import { get, post, postCreated, put } from '../../rest/define';

export const queriesRest = [
  postCreated('/api/queries', 'queries.create', {
    body: 'rest',
    summary: 'Public: the help form {name, email, subject, message}; administrators read it at /admin/queries',
  }),
  get('/admin/queries', 'queries.admin.list', {
    query: 'rest',
    summary: 'Help-page queries, unread first then newest (status=all|unread|open|answered, q), paged, with the unread count',
  }),
  get('/admin/queries/:id', 'queries.admin.get', { summary: 'One query' }),
  put('/admin/queries/:id/read', 'queries.admin.setRead', { body: ['read'], summary: 'Mark a query read (default) or unread {read}' }),
  post('/admin/queries/:id/answer', 'queries.admin.answer', {
    body: ['message'],
    summary: 'Answer a query by mail (queued in the outbox, in the language it was sent in) and mark it answered; 409 once answered',
  }),
  post('/admin/queries/:id/mark-answered', 'queries.admin.markAnswered', {
    summary: 'Mark a query answered without a mail (answered another way); 409 once answered',
  }),
];
