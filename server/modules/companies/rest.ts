// SPEC §7 Companies (api/companies, api/companies/{id}) and Admin (admin/companies), as issues 12 and 14 pin them.
import { route } from '../../rest/define';

export const companiesRest = [
  route({
    method: 'get',
    path: '/api/companies',
    procedure: 'companies.list',
    query: 'rest',
    summary: 'Approved companies by name, paged ({items, total, totalPages, currentPage})',
  }),
  route({
    method: 'get',
    path: '/api/companies/:id',
    procedure: 'companies.get',
    params: { id: 'id' },
    summary: 'A company: public fields to anyone signed in; licence, tax and registration data to its own users and administrators',
  }),
  route({
    method: 'put',
    path: '/api/companies/:id',
    procedure: 'companies.update',
    params: { id: 'id' },
    body: 'rest',
    summary: 'Save the company (its managers): SPEC §5 rules, addresses with coordinates, logo up to 1 MB checked by content',
  }),
  route({
    method: 'get',
    path: '/admin/companies',
    procedure: 'companies.admin.list',
    query: 'rest',
    summary: 'Companies with their current subscription, paged; search by name, filter is_parent_company',
  }),
  route({
    method: 'get',
    path: '/admin/companies/:id',
    procedure: 'companies.admin.get',
    params: { id: 'id' },
    summary: 'One company with its group, donations dashboard and bulk-upload state',
  }),
  route({
    method: 'put',
    path: '/admin/companies/:id',
    procedure: 'companies.admin.update',
    params: { id: 'id' },
    body: 'rest',
    summary: "Edit a company's data, dates, parent and portfolio, donations dashboard for its users and bulk-upload access",
  }),
];
