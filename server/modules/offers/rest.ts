// SPEC §7 Offers, as pinned by issue 9.
import { body, params, query, type RestRoute } from '../../rest/define';

export const offersRest: RestRoute[] = [
  { method: 'get', path: '/api/offers/pending', handler: (c, req) => c.offers.pending(query(req) as never) },
  { method: 'get', path: '/api/offers', handler: (c, req) => c.offers.list(query(req) as never) },
  { method: 'post', path: '/api/offers', status: 201, handler: (c, req) => c.offers.create(body(req) as never) },
  { method: 'put', path: '/api/offers', handler: (c, req) => c.offers.update(body(req) as never) },
  { method: 'post', path: '/api/offers/review', handler: (c, req) => c.offers.review(body(req) as never) },
  { method: 'get', path: '/api/offers/:id', handler: (c, req) => c.offers.get({ id: params(req).id } as never) },
  { method: 'delete', path: '/api/offers/:id', handler: (c, req) => c.offers.withdraw({ id: params(req).id } as never) },
];
