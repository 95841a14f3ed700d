import {
  apiKeyIdInput,
  apiKeyListOutput,
  companyScopedInput,
  createApiKeyInput,
  createdApiKeyOutput,
  createdWebhookOutput,
  createWebhookInput,
  deliveriesInput,
  deliveryIdInput,
  deliveryListOutput,
  deliveryOutput,
  okOutput,
  webhookIdInput,
  webhookListOutput,
} from '../../../shared/schemas/integrations';
import { managerProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const integrationsRouter = router({
  apiKeys: router({
    list: managerProcedure.input(companyScopedInput).output(apiKeyListOutput).query(serve(service.listApiKeys)),
    create: managerProcedure.input(createApiKeyInput).output(createdApiKeyOutput).mutation(serve(service.createApiKey)),
    revoke: managerProcedure.input(apiKeyIdInput).output(okOutput).mutation(serve(service.revokeApiKey)),
  }),
  webhooks: router({
    list: managerProcedure.input(companyScopedInput).output(webhookListOutput).query(serve(service.listWebhooks)),
    create: managerProcedure.input(createWebhookInput).output(createdWebhookOutput).mutation(serve(service.createWebhook)),
    delete: managerProcedure.input(webhookIdInput).output(okOutput).mutation(serve(service.deleteWebhook)),
    deliveries: managerProcedure.input(deliveriesInput).output(deliveryListOutput).query(serve(service.listDeliveries)),
    retry: managerProcedure.input(deliveryIdInput).output(deliveryOutput).mutation(serve(service.retryDelivery)),
  }),
});
