// The newsletter's unsubscribe link (public, token only) and the administrators' view of the weekly runs.
import { route } from '../../rest/define';

export const newsletterRest = [
  route({
    method: 'post',
    path: '/api/newsletter/subscribe',
    procedure: 'newsletter.subscribe',
    body: 'rest',
    summary: 'Public: subscribe an address to the weekly digest {email, language?}',
  }),
  route({
    method: 'get',
    path: '/api/newsletter/unsubscribe/:token',
    procedure: 'newsletter.unsubscribeInfo',
    params: { token: 'token' },
    summary: 'Public: the (masked) address an unsubscribe link belongs to and whether it still gets the digest',
  }),
  route({
    method: 'post',
    path: '/api/newsletter/unsubscribe',
    procedure: 'newsletter.unsubscribe',
    body: ['token'],
    summary: 'Public: unsubscribe the address of a digest link {token}, without logging in',
  }),
  route({
    method: 'get',
    path: '/admin/newsletter/runs',
    procedure: 'newsletter.admin.runs',
    query: 'rest',
    summary: 'Weekly digests sent (period, subscribers, listings, mails queued), newest first, paged, with subscriber counts',
  }),
];
