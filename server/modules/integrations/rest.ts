// A company's API keys and webhooks (docs/integrations.md).
import { route } from '../../rest/define';

export const integrationsRest = [
  route({
    method: 'get',
    path: '/api/companies/:id/api-keys',
    procedure: 'integrations.apiKeys.list',
    params: { id: 'company_id' },
    summary: "The company's API keys, without their secrets (name, prefix, scopes, created, last_used_at)",
  }),
  route({
    method: 'post',
    path: '/api/companies/:id/api-keys',
    procedure: 'integrations.apiKeys.create',
    status: 201,
    params: { id: 'company_id' },
    body: ['name', 'scopes'],
    summary: 'Make an API key {name, scopes: ["read", "write"]}; its secret (sk_live_…) is in this answer only',
  }),
  route({
    method: 'delete',
    path: '/api/companies/:id/api-keys/:key_id',
    procedure: 'integrations.apiKeys.revoke',
    params: { id: 'company_id', key_id: 'key_id' },
    summary: 'Revoke an API key: refused at once on every instance',
  }),
  route({
    method: 'get',
    path: '/api/companies/:id/webhooks',
    procedure: 'integrations.webhooks.list',
    params: { id: 'company_id' },
    summary: "The company's webhook endpoints, without their secrets",
  }),
  route({
    method: 'post',
    path: '/api/companies/:id/webhooks',
    procedure: 'integrations.webhooks.create',
    status: 201,
    params: { id: 'company_id' },
    body: ['url', 'events'],
    summary: 'Register a webhook endpoint {url, events}; its signing secret (whsec_…) is in this answer only',
  }),
  route({
    method: 'delete',
    path: '/api/companies/:id/webhooks/:webhook_id',
    procedure: 'integrations.webhooks.delete',
    params: { id: 'company_id', webhook_id: 'webhook_id' },
    summary: 'Delete a webhook endpoint and its deliveries',
  }),
  route({
    method: 'get',
    path: '/api/companies/:id/webhooks/:webhook_id/deliveries',
    procedure: 'integrations.webhooks.deliveries',
    params: { id: 'company_id', webhook_id: 'webhook_id' },
    query: ['page', 'size'],
    summary: "An endpoint's deliveries, newest first: status, attempts, last response code",
  }),
  route({
    method: 'post',
    path: '/api/companies/:id/webhooks/:webhook_id/deliveries/:delivery_id/retry',
    procedure: 'integrations.webhooks.retry',
    params: { id: 'company_id', webhook_id: 'webhook_id', delivery_id: 'delivery_id' },
    summary: 'Send a delivery again, with the same webhook-id; 409 while it is still waiting',
  }),
];
