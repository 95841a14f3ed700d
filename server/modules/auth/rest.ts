import { body, params, type RestRoute } from '../../rest/define';

export const authRest: RestRoute[] = [
  { method: 'post', path: '/api/auth/login', handler: (c, req) => c.auth.login(body(req) as never) },
  { method: 'post', path: '/api/auth/reset-password', handler: (c, req) => c.auth.resetPassword(body(req) as never) },
  { method: 'post', path: '/api/common/driver/login', handler: (c, req) => c.auth.driverLogin(body(req) as never) },
  { method: 'post', path: '/api/users/change-password', handler: (c, req) => c.auth.changePassword(body(req) as never) },
  { method: 'post', path: '/admin/users/:id/reset-link', status: 201, handler: (c, req) => c.auth.admin.createResetLink({ user_id: params(req).id as never }) },
];
