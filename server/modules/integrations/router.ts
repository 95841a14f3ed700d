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
import { managerProcedure, router } from '../../trpc/init';
import * as service from './service';

export const integrationsRouter = router({
  apiKeys: router({
    list: managerProcedure
      .input(companyScopedInput)
      .output(apiKeyListOutput)
      .query(({ ctx, input }) => service.listApiKeys(ctx.deps, ctx.actor, input)),
    create: managerProcedure
      .input(createApiKeyInput)
      .output(createdApiKeyOutput)
      .mutation(({ ctx, input }) => service.createApiKey(ctx.deps, ctx.actor, input)),
    revoke: managerProcedure
      .input(apiKeyIdInput)
      .output(okOutput)
      .mutation(({ ctx, input }) => service.revokeApiKey(ctx.deps, ctx.actor, input)),
  }),
  webhooks: router({
    list: managerProcedure
      .input(companyScopedInput)
      .output(webhookListOutput)
      .query(({ ctx, input }) => service.listWebhooks(ctx.deps, ctx.actor, input)),
    create: managerProcedure
      .input(createWebhookInput)
      .output(createdWebhookOutput)
      .mutation(({ ctx, input }) => service.createWebhook(ctx.deps, ctx.actor, input)),
    delete: managerProcedure
      .input(webhookIdInput)
      .output(okOutput)
      .mutation(({ ctx, input }) => service.deleteWebhook(ctx.deps, ctx.actor, input)),
    deliveries: managerProcedure
      .input(deliveriesInput)
      .output(deliveryListOutput)
      .query(({ ctx, input }) => service.listDeliveries(ctx.deps, ctx.actor, input)),
    retry: managerProcedure
      .input(deliveryIdInput)
      .output(deliveryOutput)
      .mutation(({ ctx, input }) => service.retryDelivery(ctx.deps, ctx.actor, input)),
  }),
});
