// SPEC §7 Users, exactly as SPEC pins them (trailing slashes included: Express matches with or without), and
// the administrators' accounts.
import { route } from '../../rest/define';

export const usersRest = [
  route({
    method: 'get',
    path: '/api/users/',
    procedure: 'users.list',
    query: 'rest',
    summary: "The company's users (managers), paged; search by name or email",
  }),
  route({
    method: 'post',
    path: '/api/users/',
    procedure: 'users.create',
    status: 201,
    query: ['company_id'],
    body: 'rest',
    summary: 'Invite a colleague by e-mail as MANAGER or MEMBER (managers): the same as POST api/companies/{id}/invitations; a password is refused',
  }),
  route({
    method: 'get',
    path: '/api/users/:id',
    procedure: 'users.get',
    params: { id: 'id' },
    summary: 'A user: public fields to anyone signed in; contact and account fields to the user, their managers and administrators',
  }),
  route({
    method: 'put',
    path: '/api/users/:id',
    procedure: 'users.update',
    params: { id: 'id' },
    body: 'rest',
    summary: "Edit the own profile, or (managers) a colleague's names, official role and role",
  }),
  route({
    method: 'delete',
    path: '/api/users/:id',
    procedure: 'users.remove',
    params: { id: 'id' },
    summary: 'Remove a user (managers; not themself, not the last manager); their listings, offers and messages stay',
  }),
  route({
    method: 'put',
    path: '/api/users/:id/credentials/',
    procedure: 'users.setCredentials',
    params: { id: 'id' },
    query: ['company_id'],
    body: ['user', 'requestMadeByUser'],
    summary: "Set a colleague's login email, confirmed with the manager's own password; ends their sessions (a password is refused)",
  }),
  route({
    method: 'get',
    path: '/admin/users',
    procedure: 'users.admin.list',
    query: 'rest',
    summary: 'Every account with its company, paged; search by name, email or company',
  }),
  route({
    method: 'put',
    path: '/admin/users/:id',
    procedure: 'users.admin.update',
    params: { id: 'id' },
    body: 'rest',
    summary: 'Disable or re-enable an account, change its role, grant the donations dashboard',
  }),
];
