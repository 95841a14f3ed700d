import { route } from '../../rest/define';

export const subscriptionsRest = [
  route({ method: 'get', path: '/admin/subscription-plans', procedure: 'subscriptions.admin.plans', summary: 'All subscription plans' }),
  // Before '/:id' so "active" is never read as an id.
  route({
    method: 'get',
    path: '/admin/subscription-plans/active',
    procedure: 'subscriptions.admin.activePlans',
    summary: 'The plans that can be assigned',
  }),
  route({
    method: 'get',
    path: '/admin/subscription-plans/:id',
    procedure: 'subscriptions.admin.plan',
    params: { id: 'id' },
    summary: 'One subscription plan',
  }),
  route({
    method: 'post',
    path: '/admin/subscription-plans',
    procedure: 'subscriptions.admin.createPlan',
    status: 201,
    body: 'rest',
    summary: 'Create a custom plan',
  }),
  route({
    method: 'put',
    path: '/admin/subscription-plans/:id',
    procedure: 'subscriptions.admin.updatePlan',
    params: { id: 'id' },
    body: 'rest',
    summary: 'Edit a plan',
  }),
  route({
    method: 'delete',
    path: '/admin/subscription-plans/:id',
    procedure: 'subscriptions.admin.deletePlan',
    params: { id: 'id' },
    summary: 'Delete a plan no company uses',
  }),
  route({
    method: 'post',
    path: '/admin/companies/:id/assign-subscription-plan',
    procedure: 'subscriptions.admin.assign',
    params: { id: 'company_id' },
    body: 'rest',
    summary: 'Assign a plan to a company',
  }),
  route({
    method: 'post',
    path: '/admin/companies/:id/extend-subscription',
    procedure: 'subscriptions.admin.extend',
    params: { id: 'company_id' },
    body: 'rest',
    summary: "Extend a company's current plan",
  }),
  route({
    method: 'get',
    path: '/admin/companies/:id/subscription-history',
    procedure: 'subscriptions.admin.history',
    params: { id: 'company_id' },
    summary: "A company's subscription history",
  }),
  route({
    method: 'get',
    path: '/admin/companies/:id/subscription',
    procedure: 'subscriptions.admin.companyStatus',
    params: { id: 'company_id' },
    summary: "A company's current plan and status",
  }),
];
