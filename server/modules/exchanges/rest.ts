// SPEC §7 Exchanges (synergies) and company reviews, as SPEC pins them.
import { route } from '../../rest/define';

export const exchangesRest = [
  route({
    method: 'get',
    path: '/api/exchanges',
    procedure: 'exchanges.list',
    query: 'rest',
    summary: 'The company’s synergies (status=IN_PROGRESS|COMPLETED), paged',
  }),
  route({
    method: 'get',
    path: '/api/exchanges/:id',
    procedure: 'exchanges.get',
    params: { id: 'id' },
    summary: 'One synergy, for its two companies and administrators',
  }),
  route({
    method: 'put',
    path: '/api/exchanges/:id',
    procedure: 'exchanges.end',
    params: { id: 'id' },
    body: 'rest',
    summary: 'End the synergy (level_of_completion COMPLETED, successful, earnings, savings), once',
  }),
  route({
    method: 'post',
    path: '/api/exchanges/:id/feedback',
    procedure: 'exchanges.rate',
    status: 201,
    params: { id: 'id' },
    body: 'rest',
    summary: 'Rate an ended synergy: 1 to 5 stars and a review, once per company',
  }),
  route({
    method: 'get',
    path: '/api/companies/:id/reviews',
    procedure: 'exchanges.companyReviews',
    params: { id: 'id' },
    query: 'rest',
    summary: 'Ratings other companies gave this company, with the average',
  }),
  route({
    method: 'get',
    path: '/api/companies/:id/sdg-exchanges',
    procedure: 'exchanges.companySdgExchanges',
    params: { id: 'id' },
    summary: "The company's successful synergies per SDG of the listing exchanged, with the total",
  }),
];
