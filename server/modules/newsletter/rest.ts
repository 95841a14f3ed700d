// The newsletter's unsubscribe link (public, token only) and the administrators' view of the weekly runs.
import { get, post } from '../../rest/define';

export const newsletterRest = [
  post('/api/newsletter/subscribe', 'newsletter.subscribe', {
    body: 'rest',
    summary: 'Public: subscribe an address to the weekly digest {email, language?}',
  }),
  get('/api/newsletter/unsubscribe/:token', 'newsletter.unsubscribeInfo', {
    summary: 'Public: the (masked) address an unsubscribe link belongs to and whether it still gets the digest',
  }),
  post('/api/newsletter/unsubscribe', 'newsletter.unsubscribe', {
    body: ['token'],
    summary: 'Public: unsubscribe the address of a digest link {token}, without logging in',
  }),
  get('/admin/newsletter/runs', 'newsletter.admin.runs', {
    query: 'rest',
    summary: 'Weekly digests sent (period, subscribers, listings, mails queued), newest first, paged, with subscriber counts',
  }),
];
