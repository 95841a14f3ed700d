import { useEffect, useRef } from 'react';
import type { ServerEventName, ServerEvents } from '@shared/ws-events';
import { onRealtime, onRealtimeReconnect } from '@/lib/realtime-events';

/** Runs `handler` for each `event` frame while the component is mounted (always the latest handler). */
export function useRealtimeEvent<K extends ServerEventName>(event: K, handler: (data: ServerEvents[K]) => void) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onRealtime(event, (data) => ref.current(data)), [event]);
}

/** Runs `handler` each time the socket opens, the first time too (frames sent before were missed: refetch). */
export function useRealtimeReconnect(handler: () => void) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onRealtimeReconnect(() => ref.current()), []);
}
