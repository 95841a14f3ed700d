// How events reach sockets. `Realtime.sendToUsers` publishes at once (outside any transaction);
// `publishInTx` (to users or to companies) sends the same NOTIFY inside a transaction, so every instance's hub
// hears it only if and when that transaction commits (this instance's right after the commit, without the
// round trip through Postgres: server/db/notify.ts). Services use neither: they emit domain events, and the
// listeners of the modules publish (e.g. server/modules/chat/events.ts).
import type { ServerEventName, ServerEvents } from '../../shared/ws-events';
import type { Tx } from '../db/client';
import { notifyInTx } from '../db/notify';
import { DEFAULT_CHANNEL, encodeCompanyNotifications, encodeNotifications, encodeRevalidate } from './hub';

export interface Realtime {
  /** Deliver one event to every open socket of these users, on whichever instance holds them. */
  sendToUsers<K extends ServerEventName>(userIds: readonly number[], event: K, data: ServerEvents[K]): Promise<void>;
}

/**
 * Who hears an event: these users' sockets, or the sockets of every member and manager of these companies in
 * the order the companies are named (the hub knows each socket's company, so nobody's user ids are read or sent).
 */
export type Recipients = { users: readonly number[] } | { companies: readonly number[] };

/** Queues one event for the recipients' sockets; delivered after the transaction commits, never if it rolls back. */
export async function publishInTx<K extends ServerEventName>(tx: Tx, to: Recipients, event: K, data: ServerEvents[K], channel = DEFAULT_CHANNEL) {
  const ids = [...new Set('users' in to ? to.users : to.companies)];
  if (ids.length === 0) return;
  const encoded = 'users' in to ? encodeNotifications(ids, event, data) : encodeCompanyNotifications(ids, event, data);
  for (const payload of encoded.messages) await notifyInTx(tx, channel, payload);
}

/** After commit, every instance re-checks these users' sockets and closes those whose session ended. */
export async function revalidateSocketsInTx(tx: Tx, userIds: readonly number[], channel = DEFAULT_CHANNEL) {
  for (const payload of encodeRevalidate([...new Set(userIds)])) await notifyInTx(tx, channel, payload);
}
