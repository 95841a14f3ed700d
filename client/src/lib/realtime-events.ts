// The app's one WebSocket fans its frames out here, so any screen can follow the events it cares about
// (a chat its messages, the pending-offers list new offers) without opening a socket of its own.
import type { ServerEventName, ServerEvents, ServerFrame } from '@shared/ws-events';

type Handler<K extends ServerEventName> = (data: ServerEvents[K]) => void;

const handlers = new Map<ServerEventName, Set<Handler<never>>>();
const reconnectHandlers = new Set<() => void>();

export function onRealtime<K extends ServerEventName>(event: K, fn: Handler<K>): () => void {
  const set = handlers.get(event) ?? new Set();
  set.add(fn as Handler<never>);
  handlers.set(event, set);
  return () => set.delete(fn as Handler<never>);
}

/** Called each time the socket opens (the first time too): frames sent before are lost, so listeners refetch. */
export function onRealtimeReconnect(fn: () => void): () => void {
  reconnectHandlers.add(fn);
  return () => reconnectHandlers.delete(fn);
}

export function dispatchRealtime(frame: ServerFrame): void {
  for (const fn of handlers.get(frame.event) ?? []) {
    try {
      (fn as Handler<typeof frame.event>)(frame.data);
    } catch (err) {
      console.error('realtime handler failed', err);
    }
  }
}

export function dispatchReconnect(): void {
  for (const fn of reconnectHandlers) fn();
}
