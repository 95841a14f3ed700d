// Ended sessions reach open sockets: after commit every instance re-checks the users' sockets and closes
// those whose token no longer opens anything (server/ws/hub.ts).
import type { Deps } from '../../deps';
import { revalidateSocketsInTx } from '../../ws/realtime';

export function registerAuthListeners(deps: Deps): () => void {
  return deps.events.on('sessions.revoked', (tx, e) => revalidateSocketsInTx(tx, e.user_ids));
}
