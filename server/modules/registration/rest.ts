import { route } from '../../rest/define';

export const registrationRest = [
  route({
    method: 'post',
    path: '/api/auth/register',
    procedure: 'registration.register',
    status: 201,
    body: 'rest',
    summary: 'Register a company and its manager (pending approval)',
  }),
  route({
    method: 'post',
    path: '/api/auth/register/bank-partner',
    procedure: 'registration.registerBankPartner',
    status: 201,
    body: 'rest',
    summary: "Register a bank partner's customer company",
  }),
  route({
    method: 'get',
    path: '/admin/temporary-accounts',
    procedure: 'registration.admin.list',
    query: 'rest',
    summary: 'Registration requests, paged',
  }),
  route({
    method: 'post',
    path: '/admin/temporary-accounts/review',
    procedure: 'registration.admin.review',
    body: 'rest',
    summary: 'Approve or reject a registration request',
  }),
  route({
    method: 'get',
    path: '/admin/temporary-accounts/stats',
    procedure: 'registration.admin.stats',
    query: 'rest',
    summary: 'Registration requests counted by status and day',
  }),
];
