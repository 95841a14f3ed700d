// SPEC §7 Exchanges (synergies) and company reviews, as SPEC pins them.
import { get, postCreated, put } from '../../rest/define';

export const exchangesRest = [
  get('/api/exchanges', 'exchanges.list', { query: 'rest', summary: 'The company’s synergies (status=IN_PROGRESS|COMPLETED), paged' }),
  get('/api/exchanges/:id', 'exchanges.get', { summary: 'One synergy, for its two companies and administrators' }),
  put('/api/exchanges/:id', 'exchanges.end', {
    body: 'rest',
    summary: 'End the synergy (level_of_completion COMPLETED, successful, earnings, savings), once',
  }),
  postCreated('/api/exchanges/:id/feedback', 'exchanges.rate', {
    body: 'rest',
    summary: 'Rate an ended synergy: 1 to 5 stars and a review, once per company',
  }),
  get('/api/companies/:id/reviews', 'exchanges.companyReviews', {
    query: 'rest',
    summary: 'Ratings other companies gave this company, with the average',
  }),
  get('/api/companies/:id/sdg-exchanges', 'exchanges.companySdgExchanges', {
    summary: "The company's successful synergies per SDG of the listing exchanged, with the total",
  }),
];
