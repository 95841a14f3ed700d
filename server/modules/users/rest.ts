// SPEC §7 Users, exactly as SPEC pins them (trailing slashes included: Express matches with or without), and
// the administrators' accounts.
import { del, get, postCreated, put } from '../../rest/define';

export const usersRest = [
  get('/api/users/', 'users.list', { query: 'rest', summary: "The company's users (managers), paged; search by name or email" }),
  postCreated('/api/users/', 'users.create', {
    query: ['company_id'],
    body: 'rest',
    summary: 'Invite a colleague by e-mail as MANAGER or MEMBER (managers): the same as POST api/companies/{id}/invitations; a password is refused',
  }),
  get('/api/users/:id', 'users.get', {
    summary: 'A user: public fields to anyone signed in; contact and account fields to the user, their managers and administrators',
  }),
  put('/api/users/:id', 'users.update', { body: 'rest', summary: "Edit the own profile, or (managers) a colleague's names, official role and role" }),
  del('/api/users/:id', 'users.remove', {
    summary: 'Remove a user (managers; not themself, not the last manager); their listings, offers and messages stay',
  }),
  put('/api/users/:id/credentials/', 'users.setCredentials', {
    query: ['company_id'],
    body: ['user', 'requestMadeByUser'],
    summary: "Set a colleague's login email, confirmed with the manager's own password; ends their sessions (a password is refused)",
  }),
  get('/admin/users', 'users.admin.list', { query: 'rest', summary: 'Every account with its company, paged; search by name, email or company' }),
  put('/admin/users/:id', 'users.admin.update', {
    body: 'rest',
    summary: 'Disable or re-enable an account, change its role, grant the donations dashboard',
  }),
];
