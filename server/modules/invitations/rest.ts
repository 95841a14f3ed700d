// Invitations of colleagues by e-mail (managers) and their acceptance by the invitee (public, by link token).
import { del, get, postCreated } from '../../rest/define';

export const invitationsRest = [
  postCreated('/api/companies/:company_id/invitations', 'invitations.create', {
    body: 'rest',
    summary: 'Invite a colleague by e-mail as MANAGER or MEMBER (managers); mails a link valid 7 days',
  }),
  get('/api/companies/:company_id/invitations', 'invitations.list', {
    summary: "The company's invitations with their status (pending, accepted, revoked, expired), newest first",
  }),
  del('/api/companies/:company_id/invitations/:id', 'invitations.revoke', { summary: 'Revoke an invitation: its link answers 410 from then on' }),
  get('/api/invitations/:token', 'invitations.get', {
    summary: 'What an invitation link offers (company, e-mail, role); 410 when expired, used or revoked',
  }),
  postCreated('/api/invitations/:token/accept', 'invitations.accept', {
    body: 'rest',
    summary: 'Accept an invitation with the own name and password: joins the company and answers a session like login',
  }),
];
