// WebSocket client for /ws?token=…: typed frames, reconnect with backoff, closed on logout.
import type { ClientEventName, ClientEvents, ServerFrame } from '@shared/ws-events';
import { WS_CLOSE_SESSION_REVOKED, WS_PATH } from '@shared/ws-events';

/** Close code of a server that is shutting down (RFC 6455 "going away"): its clients move to other instances. */
export const WS_CLOSE_GOING_AWAY = 1001;
/** Clients of a draining instance reconnect spread over this window, so the others are not hit all at once. */
export const GOING_AWAY_SPREAD_MS = 5_000;

/**
 * Backoff of other failures: 1 s, 2 s, 4 s, then every 5 s, each +-20 % at random. The cap bounds how long a client
 * waits once the server is back (at most 6 s: 99 % within 10 s); a failed attempt is one refused TCP
 * connection, cheap for the server even from thousands of clients.
 */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 5_000;
export const RECONNECT_JITTER = 0.2;

/**
 * How long to wait before reconnecting after a close with `code`, when `attempt` reconnects have failed since
 * the socket was last open (0 for the first). A draining server (1001): a random moment in the spread window.
 * Anything else (a crash, a network loss): exponential backoff with jitter, so thousands of clients that lost
 * one server together do not come back in lockstep. `random` is Math.random (a test passes its own).
 * scripts/reliability/reconnect.ts measures this policy on 1,000 sockets across a server restart.
 */
export function reconnectDelay(code: number, attempt: number, random: () => number = Math.random): number {
  if (code === WS_CLOSE_GOING_AWAY) return 250 + random() * (GOING_AWAY_SPREAD_MS - 250);
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return base * (1 - RECONNECT_JITTER + random() * 2 * RECONNECT_JITTER);
}

type Listener = (frame: ServerFrame) => void;

export class RealtimeConnection {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly token: string,
    private readonly onFrame: Listener,
    private readonly onOpen: () => void,
    /** The server refused or revoked the token (logout elsewhere, password change): the caller ends the session. */
    private readonly onRefused: () => void = () => undefined,
  ) {
    this.connect();
  }

  private connect() {
    if (this.closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}${WS_PATH}?token=${encodeURIComponent(this.token)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.onOpen();
    };
    ws.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      try {
        // One frame, or several that belong together (a notification and the counter it changes).
        const parsed = JSON.parse(ev.data) as ServerFrame | ServerFrame[];
        for (const frame of Array.isArray(parsed) ? parsed : [parsed]) {
          if (frame && typeof frame.event === 'string') this.onFrame(frame);
        }
      } catch {
        /* not a frame we understand */
      }
    };
    ws.onclose = (ev) => {
      this.ws = null;
      // 4401/1008: the server refused or revoked the token; an authenticated call ends the session.
      if (this.closed) return;
      if (ev.code === WS_CLOSE_SESSION_REVOKED || ev.code === 1008) return this.onRefused();
      // A draining server: the load balancer already sends new connections elsewhere, so come back soon,
      // at a random moment in the window (thousands of sockets close together).
      const delay = reconnectDelay(ev.code, this.attempt);
      this.attempt += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  /** Sends a request to the server (SPEC §7 'Emitted'); dropped while the socket is not open. */
  send<K extends ClientEventName>(event: K, data: ClientEvents[K]) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ event, data }));
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.ws?.close(1000, 'logout');
    this.ws = null;
  }
}
