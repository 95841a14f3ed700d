// SPEC §7 Exchanges (synergies) and company reviews, as pinned by issue 9.
import { body, params, query, type RestRoute } from '../../rest/define';

export const exchangesRest: RestRoute[] = [
  { method: 'get', path: '/api/exchanges', handler: (c, req) => c.exchanges.list(query(req) as never) },
  { method: 'get', path: '/api/exchanges/:id', handler: (c, req) => c.exchanges.get({ id: params(req).id } as never) },
  { method: 'put', path: '/api/exchanges/:id', handler: (c, req) => c.exchanges.end({ ...body(req), id: params(req).id } as never) },
  { method: 'post', path: '/api/exchanges/:id/feedback', status: 201, handler: (c, req) => c.exchanges.rate({ ...body(req), id: params(req).id } as never) },
  { method: 'get', path: '/api/companies/:id/reviews', handler: (c, req) => c.exchanges.companyReviews({ ...query(req), id: params(req).id } as never) },
];
