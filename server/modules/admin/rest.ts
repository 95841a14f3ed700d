import { body, params, query, type RestRoute } from '../../rest/define';

export const adminRest: RestRoute[] = [
  { method: 'get', path: '/admin/mail-outbox', handler: (c, req) => c.admin.outbox(query(req) as never) },
  { method: 'post', path: '/admin/users/:id/reset-link', status: 201, handler: (c, req) => c.admin.createResetLink({ user_id: params(req).id as never }) },
  { method: 'put', path: '/admin/companies/:id', handler: (c, req) => c.admin.updateCompany({ ...body(req), id: params(req).id } as never) },
];
