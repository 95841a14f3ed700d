// Domain-event listeners of the materials module; boot.ts and the test harness register them once.
import type { Deps } from '../../deps';
import { publicUrl } from '../../lib/mail';
import { notifyInterestedUsers } from './service';

/** Registers the listeners; returns a function that removes them again. */
export function registerMaterialListeners(deps: Deps): () => void {
  return deps.events.on('materials.created', (tx, e) => notifyInterestedUsers(tx, e, (id) => publicUrl(deps.env, `/material/${id}`)));
}
