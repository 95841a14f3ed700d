import * as schema from '../../../shared/schemas/integrations';
import { managerProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const integrationsRouter = router({
  apiKeys: router({
    list: managerProcedure.input(schema.companyScopedInput).output(schema.apiKeyListOutput).query(serve(service.listApiKeys)),
    create: managerProcedure.input(schema.createApiKeyInput).output(schema.createdApiKeyOutput).mutation(serve(service.createApiKey)),
    revoke: managerProcedure.input(schema.apiKeyIdInput).output(schema.okOutput).mutation(serve(service.revokeApiKey)),
  }),
  webhooks: router({
    list: managerProcedure.input(schema.companyScopedInput).output(schema.webhookListOutput).query(serve(service.listWebhooks)),
    create: managerProcedure.input(schema.createWebhookInput).output(schema.createdWebhookOutput).mutation(serve(service.createWebhook)),
    delete: managerProcedure.input(schema.webhookIdInput).output(schema.okOutput).mutation(serve(service.deleteWebhook)),
    deliveries: managerProcedure.input(schema.deliveriesInput).output(schema.deliveryListOutput).query(serve(service.listDeliveries)),
    retry: managerProcedure.input(schema.deliveryIdInput).output(schema.deliveryOutput).mutation(serve(service.retryDelivery)),
  }),
});
