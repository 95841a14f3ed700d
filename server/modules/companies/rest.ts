import { route } from '../../rest/define';

export const companiesRest = [
  route({ method: 'get', path: '/admin/companies', procedure: 'companies.admin.list', query: 'rest', summary: 'Companies with their current subscription, paged' }),
  route({ method: 'put', path: '/admin/companies/:id', procedure: 'companies.admin.update', params: { id: 'id' }, body: 'rest', summary: "Edit a company's onboarding and member-since dates" }),
];
