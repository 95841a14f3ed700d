import { body, query, type RestRoute } from '../../rest/define';

export const registrationRest: RestRoute[] = [
  { method: 'post', path: '/api/auth/register', status: 201, handler: (c, req) => c.registration.register(body(req) as never) },
  { method: 'post', path: '/api/auth/register/bank-partner', status: 201, handler: (c, req) => c.registration.registerBankPartner(body(req) as never) },
  { method: 'get', path: '/admin/temporary-accounts', handler: (c, req) => c.registration.admin.list(query(req) as never) },
  { method: 'post', path: '/admin/temporary-accounts/review', handler: (c, req) => c.registration.admin.review(body(req) as never) },
  { method: 'get', path: '/admin/temporary-accounts/stats', handler: (c, req) => c.registration.admin.stats(query(req) as never) },
];
