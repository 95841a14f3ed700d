import { post, postCreated } from '../../rest/define';

export const authRest = [
  post('/api/auth/login', 'auth.login', { body: 'rest', summary: 'Log in with username (or email) and password' }),
  post('/api/auth/reset-password', 'auth.resetPassword', { body: 'rest', summary: 'Set a new password with a one-time reset link token' }),
  post('/api/common/driver/login', 'auth.driverLogin', { body: 'rest', summary: 'Log a driver in by email and phone' }),
  post('/api/auth/logout', 'auth.logout', { summary: 'Log this session out on the server: its token is refused and its sockets close' }),
  post('/api/auth/logout-all', 'auth.logoutEverywhere', { summary: 'Log out every session of the user, on every device' }),
  post('/api/users/change-password', 'auth.changePassword', {
    body: 'rest',
    summary: 'Change the own password; ends other sessions and returns a new token',
  }),
  postCreated('/admin/users/:id/reset-link', 'auth.admin.createResetLink', {
    params: { id: 'user_id' },
    summary: 'Create a 24-hour password reset link for a user (also mailed to the user)',
  }),
];
