import { query, type RestRoute } from '../../rest/define';

export const companiesRest: RestRoute[] = [
  { method: 'get', path: '/admin/companies', handler: (c, req) => c.companies.adminList(query(req) as never) },
];
