// Invitations of colleagues by e-mail (managers) and their acceptance by the invitee (public, by link token).
import { route } from '../../rest/define';

export const invitationsRest = [
  route({
    method: 'post',
    path: '/api/companies/:company_id/invitations',
    procedure: 'invitations.create',
    params: { company_id: 'company_id' },
    status: 201,
    body: 'rest',
    summary: 'Invite a colleague by e-mail as MANAGER or MEMBER (managers); mails a link valid 7 days',
  }),
  route({
    method: 'get',
    path: '/api/companies/:company_id/invitations',
    procedure: 'invitations.list',
    params: { company_id: 'company_id' },
    summary: "The company's invitations with their status (pending, accepted, revoked, expired), newest first",
  }),
  route({
    method: 'delete',
    path: '/api/companies/:company_id/invitations/:id',
    procedure: 'invitations.revoke',
    params: { company_id: 'company_id', id: 'id' },
    summary: 'Revoke an invitation: its link answers 410 from then on',
  }),
  route({
    method: 'get',
    path: '/api/invitations/:token',
    procedure: 'invitations.get',
    params: { token: 'token' },
    summary: 'What an invitation link offers (company, e-mail, role); 410 when expired, used or revoked',
  }),
  route({
    method: 'post',
    path: '/api/invitations/:token/accept',
    procedure: 'invitations.accept',
    params: { token: 'token' },
    status: 201,
    body: 'rest',
    summary: 'Accept an invitation with the own name and password: joins the company and answers a session like login',
  }),
];
