import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WS_CLOSE_SESSION_REVOKED } from '@shared/ws-events';
import { GOING_AWAY_SPREAD_MS, RealtimeConnection, reconnectDelay, WS_CLOSE_GOING_AWAY } from './realtime';

/** The browser WebSocket as far as RealtimeConnection uses it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close(code: number) {
    this.closedWith = code;
  }
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'https:', host: 'app.example' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RealtimeConnection', () => {
  it('reconnects within the spread window when a draining server closes with 1001, and reports the reopening', () => {
    const opened = vi.fn();
    const refused = vi.fn();
    const conn = new RealtimeConnection('tok', () => {}, opened, refused);
    expect(FakeSocket.all[0]!.url).toBe('wss://app.example/ws?token=tok');
    FakeSocket.all[0]!.onopen!();
    FakeSocket.all[0]!.onclose!({ code: WS_CLOSE_GOING_AWAY });
    vi.advanceTimersByTime(GOING_AWAY_SPREAD_MS);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.onopen!();
    expect(opened).toHaveBeenCalledTimes(2);
    expect(refused).not.toHaveBeenCalled();
    conn.close();
  });

  it('backs off on other failures and stops on a revoked session or close()', () => {
    const refused = vi.fn();
    const conn = new RealtimeConnection(
      'tok',
      () => {},
      () => {},
      refused,
    );
    FakeSocket.all[0]!.onclose!({ code: 1006 });
    vi.advanceTimersByTime(1300);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.onclose!({ code: 1006 });
    vi.advanceTimersByTime(1500);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2]!.onclose!({ code: WS_CLOSE_SESSION_REVOKED });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);
    expect(refused).toHaveBeenCalledOnce();
    conn.close();
  });
});

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 5 s, each delay within +-20 % of its step', () => {
    const steps = [1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000];
    steps.forEach((step, attempt) => {
      expect(reconnectDelay(1006, attempt, () => 0)).toBeCloseTo(step * 0.8);
      expect(reconnectDelay(1006, attempt, () => 0.5)).toBeCloseTo(step);
      expect(reconnectDelay(1006, attempt, () => 0.999999)).toBeCloseTo(step * 1.2, 0);
    });
  });

  it('spreads clients of a draining server (1001) over the window whatever the attempt', () => {
    expect(reconnectDelay(WS_CLOSE_GOING_AWAY, 0, () => 0)).toBe(250);
    expect(reconnectDelay(WS_CLOSE_GOING_AWAY, 7, () => 1)).toBe(GOING_AWAY_SPREAD_MS);
  });

  it('jitters: a thousand clients that failed together do not retry together', () => {
    const delays = Array.from({ length: 1000 }, () => reconnectDelay(1006, 2));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(3200);
    expect(Math.max(...delays)).toBeLessThanOrEqual(4800);
    // Spread over the band, not bunched: more than half of 16 bins of 100 ms hold at least one client.
    expect(new Set(delays.map((d) => Math.floor(d / 100))).size).toBeGreaterThan(8);
  });
});
