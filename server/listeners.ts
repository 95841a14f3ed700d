// Every domain-event listener, registered once: by boot.ts and by the test harness alike. Listeners run
// inside the emitting service's transaction (server/lib/events.ts).
import type { Deps } from './deps';
import { registerAuthListeners } from './modules/auth/events';
import { registerChatListeners } from './modules/chat/events';
import { registerDonationListeners } from './modules/donations/events';
import { registerDriverListeners } from './modules/drivers/events';
import { registerExchangeListeners } from './modules/exchanges/events';
import { registerIntegrationListeners } from './modules/integrations/events';
import { registerMaterialListeners } from './modules/materials/events';
import { registerNeedListeners } from './modules/needs/events';
import { registerOfferListeners } from './modules/offers/events';
import { registerRegistrationListeners } from './modules/registration/events';

/** Registers all listeners on `deps.events`; returns a function that removes them again. */
export function registerListeners(deps: Deps): () => void {
  const offs = [
    registerAuthListeners(deps),
    registerRegistrationListeners(deps),
    registerMaterialListeners(deps),
    registerNeedListeners(deps),
    registerOfferListeners(deps),
    registerExchangeListeners(deps),
    registerChatListeners(deps),
    registerDriverListeners(deps),
    registerDonationListeners(deps),
    registerIntegrationListeners(deps),
  ];
  return () => {
    for (const off of offs) off();
  };
}
