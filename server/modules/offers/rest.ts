// SPEC §7 Offers, as SPEC pins them.
import { route } from '../../rest/define';

export const offersRest = [
  route({
    method: 'get',
    path: '/api/offers/pending',
    procedure: 'offers.pending',
    query: 'rest',
    summary: 'Offers on the caller company’s listings that wait for an answer',
  }),
  route({
    method: 'get',
    path: '/api/offers',
    procedure: 'offers.list',
    query: 'rest',
    summary: 'Offers the company made and received (direction=made|received), paged',
  }),
  route({
    method: 'post',
    path: '/api/offers',
    procedure: 'offers.create',
    status: 201,
    body: 'rest',
    summary: 'Make an offer on another company’s active listing',
  }),
  route({
    method: 'put',
    path: '/api/offers',
    procedure: 'offers.update',
    body: 'rest',
    summary: 'Change the quantity or message of the company’s pending offer',
  }),
  route({
    method: 'post',
    path: '/api/offers/review',
    procedure: 'offers.review',
    body: 'rest',
    summary: 'Accept the terms on the table on the caller’s turn (starts a synergy with its chat, once) or reject an offer on the company’s listing',
  }),
  route({
    method: 'post',
    path: '/api/offers/:id/counter',
    procedure: 'offers.counter',
    params: { id: 'id' },
    status: 201,
    body: 'rest',
    summary: 'Counter an open offer on the caller’s turn (quantity and/or unit_price, message); at most 5 rounds',
  }),
  route({
    method: 'get',
    path: '/api/offers/:id',
    procedure: 'offers.get',
    params: { id: 'id' },
    summary: 'One offer, for either of its two companies',
  }),
  route({
    method: 'delete',
    path: '/api/offers/:id',
    procedure: 'offers.withdraw',
    params: { id: 'id' },
    summary: 'Withdraw the company’s pending offer',
  }),
];
