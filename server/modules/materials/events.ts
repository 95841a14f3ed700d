// Domain-event listeners of the materials module; boot.ts and the test harness register them once.
import type { Deps } from '../../deps';
import { publicUrl } from '../../lib/mail';
import { recordListingDigest } from './digests';
import { notifyInterestedUsers } from './service';

/** Registers the listeners; returns a function that removes them again. */
export function registerMaterialListeners(deps: Deps): () => void {
  const offs = [
    // A listing from the editor: its followers hear of it at once, in its transaction.
    deps.events.on('materials.created', (tx, e) => notifyInterestedUsers(tx, e, (id) => publicUrl(deps.env, `/material/${id}`))),
    // A bulk upload: one digest for the whole file, sent after commit (docs/decisions/0151).
    deps.events.on('materials.imported', (tx, e) => recordListingDigest(tx, e)),
  ];
  return () => {
    for (const off of offs) off();
  };
}
