import { body, params, query, type RestRoute } from '../../rest/define';

export const companiesRest: RestRoute[] = [
  { method: 'get', path: '/admin/companies', handler: (c, req) => c.companies.admin.list(query(req) as never) },
  { method: 'put', path: '/admin/companies/:id', handler: (c, req) => c.companies.admin.update({ ...body(req), id: params(req).id } as never) },
];
