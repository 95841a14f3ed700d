// WebSocket client for /ws?token=…: typed frames, reconnect with backoff, closed on logout.
import type { ServerFrame } from '@shared/ws-events';
import { WS_CLOSE_SESSION_REVOKED, WS_PATH } from '@shared/ws-events';

/** Close code of a server that is shutting down (RFC 6455 "going away"): its clients move to other instances. */
export const WS_CLOSE_GOING_AWAY = 1001;
/** Clients of a draining instance reconnect spread over this window, so the others are not hit all at once. */
export const GOING_AWAY_SPREAD_MS = 5_000;

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
      const delay =
        ev.code === WS_CLOSE_GOING_AWAY
          ? 250 + Math.random() * (GOING_AWAY_SPREAD_MS - 250)
          : Math.min(30_000, 1000 * 2 ** this.attempt) * (0.8 + Math.random() * 0.4);
      this.attempt += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.ws?.close(1000, 'logout');
    this.ws = null;
  }
}
