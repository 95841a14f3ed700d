// The help form and administrators' help-page queries.
import { route } from '../../rest/define';

export const queriesRest = [
  route({
    method: 'post',
    path: '/api/queries',
    procedure: 'queries.create',
    status: 201,
    body: 'rest',
    summary: 'Public: the help form {name, email, subject, message}; administrators read it at /admin/queries',
  }),
  route({
    method: 'get',
    path: '/admin/queries',
    procedure: 'queries.admin.list',
    query: 'rest',
    summary: 'Help-page queries, unread first then newest (status=all|unread|open|answered, q), paged, with the unread count',
  }),
  route({ method: 'get', path: '/admin/queries/:id', procedure: 'queries.admin.get', params: { id: 'id' }, summary: 'One query' }),
  route({
    method: 'put',
    path: '/admin/queries/:id/read',
    procedure: 'queries.admin.setRead',
    params: { id: 'id' },
    body: ['read'],
    summary: 'Mark a query read (default) or unread {read}',
  }),
  route({
    method: 'post',
    path: '/admin/queries/:id/answer',
    procedure: 'queries.admin.answer',
    params: { id: 'id' },
    body: ['message'],
    summary: 'Answer a query by mail (queued in the outbox, in the language it was sent in) and mark it answered; 409 once answered',
  }),
  route({
    method: 'post',
    path: '/admin/queries/:id/mark-answered',
    procedure: 'queries.admin.markAnswered',
    params: { id: 'id' },
    summary: 'Mark a query answered without a mail (answered another way); 409 once answered',
  }),
];
