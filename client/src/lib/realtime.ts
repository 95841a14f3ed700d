// WebSocket client for /ws?token=…: typed frames, reconnect with backoff, closed on logout.
import type { ServerFrame } from '@shared/ws-events';
import { WS_PATH } from '@shared/ws-events';

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
      // 4401/1008: the server refused the token; the next authenticated call will end the session.
      if (this.closed || ev.code === 4401 || ev.code === 1008) return;
      const delay = Math.min(30_000, 1000 * 2 ** this.attempt) * (0.8 + Math.random() * 0.4);
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
