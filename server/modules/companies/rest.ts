// SPEC §7 Companies (api/companies, api/companies/{id}) and Admin (admin/companies), as issues 12 and 14 pin them.
import { get, put } from '../../rest/define';

export const companiesRest = [
  get('/api/companies', 'companies.list', { query: 'rest', summary: 'Approved companies by name, paged ({items, total, totalPages, currentPage})' }),
  get('/api/companies/:id', 'companies.get', {
    summary: 'A company: public fields to anyone signed in; licence, tax and registration data to its own users and administrators',
  }),
  put('/api/companies/:id', 'companies.update', {
    body: 'rest',
    summary: 'Save the company (its managers): SPEC §5 rules, addresses with coordinates, logo up to 1 MB checked by content',
  }),
  get('/admin/companies', 'companies.admin.list', {
    query: 'rest',
    summary: 'Companies with their current subscription, paged; search by name, filter is_parent_company',
  }),
  get('/admin/companies/:id', 'companies.admin.get', { summary: 'One company with its group, donations dashboard and bulk-upload state' }),
  put('/admin/companies/:id', 'companies.admin.update', {
    body: 'rest',
    summary: "Edit a company's data, dates, parent and portfolio, donations dashboard for its users and bulk-upload access",
  }),
];
