// Every domain-event listener, registered once: by boot.ts and by the test harness alike. Listeners run
// inside the emitting service's transaction (server/lib/events.ts).
import type { Deps } from './deps';
import { registerMaterialListeners } from './modules/materials/events';
import { registerRegistrationListeners } from './modules/registration/events';

/** Registers all listeners on `deps.events`; returns a function that removes them again. */
export function registerListeners(deps: Deps): () => void {
  const offs = [registerRegistrationListeners(deps), registerMaterialListeners(deps)];
  return () => {
    for (const off of offs) off();
  };
}
