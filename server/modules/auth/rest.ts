import { route } from '../../rest/define';

export const authRest = [
  route({ method: 'post', path: '/api/auth/login', procedure: 'auth.login', body: 'rest', summary: 'Log in with username (or email) and password' }),
  route({
    method: 'post',
    path: '/api/auth/reset-password',
    procedure: 'auth.resetPassword',
    body: 'rest',
    summary: 'Set a new password with a one-time reset link token',
  }),
  route({
    method: 'post',
    path: '/api/common/driver/login',
    procedure: 'auth.driverLogin',
    body: 'rest',
    summary: 'Log a driver in by email and phone',
  }),
  route({
    method: 'post',
    path: '/api/auth/logout',
    procedure: 'auth.logout',
    summary: 'Log this session out on the server: its token is refused and its sockets close',
  }),
  route({
    method: 'post',
    path: '/api/auth/logout-all',
    procedure: 'auth.logoutEverywhere',
    summary: 'Log out every session of the user, on every device',
  }),
  route({
    method: 'post',
    path: '/api/users/change-password',
    procedure: 'auth.changePassword',
    body: 'rest',
    summary: 'Change the own password; ends other sessions and returns a new token',
  }),
  route({
    method: 'post',
    path: '/admin/users/:id/reset-link',
    procedure: 'auth.admin.createResetLink',
    status: 201,
    params: { id: 'user_id' },
    summary: 'Create a 24-hour password reset link for a user (also mailed to the user)',
  }),
];
