import { get, post, postCreated } from '../../rest/define';

export const registrationRest = [
  postCreated('/api/auth/register', 'registration.register', {
    body: 'rest',
    summary: 'Register a company and its manager (pending approval)',
  }),
  postCreated('/api/auth/register/bank-partner', 'registration.registerBankPartner', {
    body: 'rest',
    summary: "Register a bank partner's customer company",
  }),
  get('/admin/temporary-accounts', 'registration.admin.list', { query: 'rest', summary: 'Registration requests, paged' }),
  post('/admin/temporary-accounts/review', 'registration.admin.review', { body: 'rest', summary: 'Approve or reject a registration request' }),
  get('/admin/temporary-accounts/stats', 'registration.admin.stats', { query: 'rest', summary: 'Registration requests counted by status and day' }),
];
