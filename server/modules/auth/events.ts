// Ended sessions reach open sockets: after commit every instance re-checks the users' sockets and closes
// those whose token no longer opens anything (server/ws/hub.ts), and the request that ended them answers only once
// every instance refuses them.
import type { Deps } from '../../deps';
import { markSessionsEnded } from '../../lib/cache';
import { revalidateSocketsInTx } from '../../ws/realtime';

export function registerAuthListeners(deps: Deps): () => void {
  return deps.events.on('sessions.revoked', (tx, e) => {
    // The mutation then answers only once every instance's caches have dropped these sessions (lib/cache.ts).
    markSessionsEnded();
    return revalidateSocketsInTx(tx, e.user_ids);
  });
}
