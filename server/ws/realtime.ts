// How events reach sockets. `Realtime.sendToUsers` publishes at once (outside any transaction);
// `publishInTx` sends the same NOTIFY inside a transaction, so Postgres delivers it to every instance's hub
// only if and when that transaction commits. Services use neither: they emit domain events, and the
// listeners of the notifications module publish (server/modules/notifications/events.ts).
import { sql } from 'drizzle-orm';
import type { ServerEventName, ServerEvents } from '../../shared/ws-events';
import type { Tx } from '../db/client';
import { DEFAULT_CHANNEL, encodeNotifications, encodeRevalidate } from './hub';

export interface Realtime {
  /** Deliver one event to every open socket of these users, on whichever instance holds them. */
  sendToUsers<K extends ServerEventName>(userIds: readonly number[], event: K, data: ServerEvents[K]): Promise<void>;
}

/** Queues one event for these users' sockets; delivered after the transaction commits, never if it rolls back. */
export async function publishInTx<K extends ServerEventName>(
  tx: Tx,
  userIds: readonly number[],
  event: K,
  data: ServerEvents[K],
  channel = DEFAULT_CHANNEL,
) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  for (const payload of encodeNotifications(ids, event, data).messages) {
    await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
  }
}

/** After commit, every instance re-checks these users' sockets and closes those whose session ended. */
export async function revalidateSocketsInTx(tx: Tx, userIds: readonly number[], channel = DEFAULT_CHANNEL) {
  for (const payload of encodeRevalidate([...new Set(userIds)])) await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}
