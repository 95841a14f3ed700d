import { body, params, type RestRoute } from '../../rest/define';

export const subscriptionsRest: RestRoute[] = [
  { method: 'get', path: '/admin/subscription-plans', handler: (c) => c.subscriptions.plans() },
  // Before '/:id' so "active" is never read as an id.
  { method: 'get', path: '/admin/subscription-plans/active', handler: (c) => c.subscriptions.activePlans() },
  { method: 'get', path: '/admin/subscription-plans/:id', handler: (c, req) => c.subscriptions.plan({ id: params(req).id as never }) },
  { method: 'post', path: '/admin/subscription-plans', status: 201, handler: (c, req) => c.subscriptions.createPlan(body(req) as never) },
  { method: 'put', path: '/admin/subscription-plans/:id', handler: (c, req) => c.subscriptions.updatePlan({ ...body(req), id: params(req).id } as never) },
  { method: 'delete', path: '/admin/subscription-plans/:id', handler: (c, req) => c.subscriptions.deletePlan({ id: params(req).id as never }) },
  {
    method: 'post',
    path: '/admin/companies/:id/assign-subscription-plan',
    handler: (c, req) => c.subscriptions.assign({ ...body(req), company_id: params(req).id } as never),
  },
  {
    method: 'post',
    path: '/admin/companies/:id/extend-subscription',
    handler: (c, req) => c.subscriptions.extend({ ...body(req), company_id: params(req).id } as never),
  },
  { method: 'get', path: '/admin/companies/:id/subscription-history', handler: (c, req) => c.subscriptions.history({ company_id: params(req).id as never }) },
  { method: 'get', path: '/admin/companies/:id/subscription', handler: (c, req) => c.subscriptions.companyStatus({ company_id: params(req).id as never }) },
];
