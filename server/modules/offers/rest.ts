// SPEC §7 Offers, as SPEC pins them.
import { del, get, post, postCreated, put } from '../../rest/define';

export const offersRest = [
  get('/api/offers/pending', 'offers.pending', { query: 'rest', summary: 'Offers on the caller company’s listings that wait for an answer' }),
  get('/api/offers', 'offers.list', { query: 'rest', summary: 'Offers the company made and received (direction=made|received), paged' }),
  postCreated('/api/offers', 'offers.create', { body: 'rest', summary: 'Make an offer on another company’s active listing' }),
  put('/api/offers', 'offers.update', { body: 'rest', summary: 'Change the quantity or message of the company’s pending offer' }),
  post('/api/offers/review', 'offers.review', {
    body: 'rest',
    summary: 'Accept the terms on the table on the caller’s turn (starts a synergy with its chat, once) or reject an offer on the company’s listing',
  }),
  postCreated('/api/offers/:id/counter', 'offers.counter', {
    body: 'rest',
    summary: 'Counter an open offer on the caller’s turn (quantity and/or unit_price, message); at most 5 rounds',
  }),
  get('/api/offers/:id', 'offers.get', { summary: 'One offer, for either of its two companies' }),
  del('/api/offers/:id', 'offers.withdraw', { summary: 'Withdraw the company’s pending offer' }),
];
