// A company's API keys and webhooks (docs/integrations.md).
import { del, get, post, postCreated } from '../../rest/define';

export const integrationsRest = [
  get('/api/companies/:id/api-keys', 'integrations.apiKeys.list', {
    params: { id: 'company_id' },
    summary: "The company's API keys, without their secrets (name, prefix, scopes, created, last_used_at)",
  }),
  postCreated('/api/companies/:id/api-keys', 'integrations.apiKeys.create', {
    params: { id: 'company_id' },
    body: ['name', 'scopes'],
    summary: 'Make an API key {name, scopes: ["read", "write"]}; its secret (sk_live_…) is in this answer only',
  }),
  del('/api/companies/:id/api-keys/:key_id', 'integrations.apiKeys.revoke', {
    params: { id: 'company_id', key_id: 'key_id' },
    summary: 'Revoke an API key: refused at once on every instance',
  }),
  get('/api/companies/:id/webhooks', 'integrations.webhooks.list', {
    params: { id: 'company_id' },
    summary: "The company's webhook endpoints, without their secrets",
  }),
  postCreated('/api/companies/:id/webhooks', 'integrations.webhooks.create', {
    params: { id: 'company_id' },
    body: ['url', 'events'],
    summary: 'Register a webhook endpoint {url, events}; its signing secret (whsec_…) is in this answer only',
  }),
  del('/api/companies/:id/webhooks/:webhook_id', 'integrations.webhooks.delete', {
    params: { id: 'company_id', webhook_id: 'webhook_id' },
    summary: 'Delete a webhook endpoint and its deliveries',
  }),
  get('/api/companies/:id/webhooks/:webhook_id/deliveries', 'integrations.webhooks.deliveries', {
    params: { id: 'company_id', webhook_id: 'webhook_id' },
    query: ['page', 'size'],
    summary: "An endpoint's deliveries, newest first: status, attempts, last response code",
  }),
  post('/api/companies/:id/webhooks/:webhook_id/deliveries/:delivery_id/retry', 'integrations.webhooks.retry', {
    params: { id: 'company_id', webhook_id: 'webhook_id', delivery_id: 'delivery_id' },
    summary: 'Send a delivery again, with the same webhook-id; 409 while it is still waiting',
  }),
];
