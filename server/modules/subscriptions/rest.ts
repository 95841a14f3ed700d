import { body, params, type RestRoute } from '../../rest/define';

export const subscriptionsRest: RestRoute[] = [
  { method: 'get', path: '/admin/subscription-plans', handler: (c) => c.subscriptions.admin.plans() },
  // Before '/:id' so "active" is never read as an id.
  { method: 'get', path: '/admin/subscription-plans/active', handler: (c) => c.subscriptions.admin.activePlans() },
  { method: 'get', path: '/admin/subscription-plans/:id', handler: (c, req) => c.subscriptions.admin.plan({ id: params(req).id as never }) },
  { method: 'post', path: '/admin/subscription-plans', status: 201, handler: (c, req) => c.subscriptions.admin.createPlan(body(req) as never) },
  { method: 'put', path: '/admin/subscription-plans/:id', handler: (c, req) => c.subscriptions.admin.updatePlan({ ...body(req), id: params(req).id } as never) },
  { method: 'delete', path: '/admin/subscription-plans/:id', handler: (c, req) => c.subscriptions.admin.deletePlan({ id: params(req).id as never }) },
  {
    method: 'post',
    path: '/admin/companies/:id/assign-subscription-plan',
    handler: (c, req) => c.subscriptions.admin.assign({ ...body(req), company_id: params(req).id } as never),
  },
  {
    method: 'post',
    path: '/admin/companies/:id/extend-subscription',
    handler: (c, req) => c.subscriptions.admin.extend({ ...body(req), company_id: params(req).id } as never),
  },
  { method: 'get', path: '/admin/companies/:id/subscription-history', handler: (c, req) => c.subscriptions.admin.history({ company_id: params(req).id as never }) },
  { method: 'get', path: '/admin/companies/:id/subscription', handler: (c, req) => c.subscriptions.admin.companyStatus({ company_id: params(req).id as never }) },
];
