// What services and listeners use to push to sockets. Implemented by the hub (server/ws/hub.ts),
// which fans out through Postgres LISTEN/NOTIFY so any instance reaches any socket.
import type { ServerEventName, ServerEvents } from '../../shared/ws-events';

export interface Realtime {
  /** Deliver one event to every open socket of these users, on whichever instance holds them. */
  sendToUsers<K extends ServerEventName>(userIds: readonly number[], event: K, data: ServerEvents[K]): Promise<void>;
}
