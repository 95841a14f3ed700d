import { del, get, post, postCreated, put } from '../../rest/define';

export const subscriptionsRest = [
  get('/admin/subscription-plans', 'subscriptions.admin.plans', { summary: 'All subscription plans' }),
  // Before '/:id' so "active" is never read as an id.
  get('/admin/subscription-plans/active', 'subscriptions.admin.activePlans', { summary: 'The plans that can be assigned' }),
  get('/admin/subscription-plans/:id', 'subscriptions.admin.plan', { summary: 'One subscription plan' }),
  postCreated('/admin/subscription-plans', 'subscriptions.admin.createPlan', { body: 'rest', summary: 'Create a custom plan' }),
  put('/admin/subscription-plans/:id', 'subscriptions.admin.updatePlan', { body: 'rest', summary: 'Edit a plan' }),
  del('/admin/subscription-plans/:id', 'subscriptions.admin.deletePlan', { summary: 'Delete a plan no company uses' }),
  post('/admin/companies/:id/assign-subscription-plan', 'subscriptions.admin.assign', {
    params: { id: 'company_id' },
    body: 'rest',
    summary: 'Assign a plan to a company',
  }),
  post('/admin/companies/:id/extend-subscription', 'subscriptions.admin.extend', {
    params: { id: 'company_id' },
    body: 'rest',
    summary: "Extend a company's current plan",
  }),
  get('/admin/companies/:id/subscription-history', 'subscriptions.admin.history', {
    params: { id: 'company_id' },
    summary: "A company's subscription history",
  }),
  get('/admin/companies/:id/subscription', 'subscriptions.admin.companyStatus', {
    params: { id: 'company_id' },
    summary: "A company's current plan and status",
  }),
];
