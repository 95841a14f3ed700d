import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { WS_CLOSE_SESSION_EXPIRED, WS_MAX_PAYLOAD, type ServerFrame } from '../../shared/ws-events';
import { openPostgres, type Database, type PubSub } from '../db/client';
import { createTokenService, type UserClaims } from '../lib/tokens';
import {
  createHub,
  DEFAULT_CHANNEL,
  encodeCompanyNotifications,
  encodeNotifications,
  sendOrDrop,
  type Hub,
  type HubDeps,
  type HubOptions,
} from './hub';
import { until } from '../test/poll';
import { testPostgresUrl } from '../test/postgres';

const tokens = createTokenService('x'.repeat(40));
const logger = pino({ level: 'silent' });
const userToken = (user_id: number, ttlSeconds = 3600) => tokens.signUser({ sub: String(user_id), role: 'MEMBER', company_id: 1, tv: 0 }, ttlSeconds);
const resolveUser = async (claims: UserClaims) => ({ user_id: Number(claims.sub) });

/** Same contract as PGlite's stand-in: asynchronous delivery to every subscriber of the channel. */
function memoryPubSub(): PubSub {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  return {
    async publish(channel, payload) {
      for (const fn of listeners.get(channel) ?? []) queueMicrotask(() => fn(payload));
    },
    async subscribe(channel, onMessage) {
      const set = listeners.get(channel) ?? new Set();
      set.add(onMessage);
      listeners.set(channel, set);
      return async () => {
        set.delete(onMessage);
      };
    },
  };
}

interface Running {
  hub: Hub;
  server: http.Server;
  url: string;
}
const cleanups: (() => Promise<void>)[] = [];
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startHub(opts: { pubsub?: PubSub; options?: HubOptions; deps?: Partial<HubDeps> } = {}): Promise<Running> {
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hub = await createHub({
    server,
    deps: { database: { pubsub: opts.pubsub ?? memoryPubSub() }, tokens, logger, resolveUser, ...opts.deps },
    options: opts.options,
  });
  cleanups.push(async () => {
    await hub.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;
  return { hub, server, url: `ws://127.0.0.1:${port}` };
}

function connect(url: string, opts?: ConstructorParameters<typeof WebSocket>[2]): WebSocket {
  const ws = new WebSocket(url, opts);
  sockets.push(ws);
  return ws;
}

function opened(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
}

/** The HTTP status of a refused upgrade; fails if the socket ever opens. */
function refusal(ws: WebSocket): Promise<number> {
  return new Promise((resolve, reject) => {
    ws.once('open', () => reject(new Error('socket opened')));
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
    ws.once('error', () => {});
  });
}

function closed(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
}

/** Frames in arrival order; `next()` waits for the next one not yet taken. */
function inbox(ws: WebSocket) {
  const frames: ServerFrame[] = [];
  const waiters: ((frame: ServerFrame) => void)[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as ServerFrame;
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  return {
    next(): Promise<ServerFrame> {
      const queued = frames.shift();
      return queued ? Promise.resolve(queued) : new Promise((resolve) => waiters.push(resolve));
    },
  };
}

async function openAs(url: string, user_id: number) {
  const ws = connect(`${url}/ws?token=${userToken(user_id)}`);
  const messages = inbox(ws);
  await opened(ws);
  return { ws, messages };
}

describe('websocket hub: authentication on upgrade', () => {
  it('answers 401 and never upgrades without a token', async () => {
    const { url, hub } = await startHub();
    expect(await refusal(connect(`${url}/ws`))).toBe(401);
    expect(hub.stats().sockets).toBe(0);
  });

  it('answers 401 to a malformed token, a token signed with another secret and an expired token', async () => {
    const { url } = await startHub();
    const foreign = createTokenService('y'.repeat(40)).signUser({ sub: '1', role: 'MEMBER', company_id: 1, tv: 0 }, 3600);
    const expired = userToken(1, -60);
    for (const token of ['not-a-jwt', foreign, expired]) {
      expect(await refusal(connect(`${url}/ws?token=${encodeURIComponent(token)}`))).toBe(401);
    }
  });

  it('answers 401 to a validly signed token whose subject is not a user id', async () => {
    const { url } = await startHub();
    for (const sub of ['abc', '0', '-1', '1.5', '99999999999']) {
      const token = tokens.signUser({ sub, role: 'MEMBER', company_id: 1, tv: 0 }, 3600);
      expect(await refusal(connect(`${url}/ws?token=${encodeURIComponent(token)}`)), sub).toBe(401);
    }
  });

  it('refuses a user more sockets than the cap with 429 and accepts again after one closes', async () => {
    const { url, hub } = await startHub({ options: { maxSocketsPerUser: 3 } });
    const open = [await openAs(url, 5), await openAs(url, 5), await openAs(url, 5)];
    expect(await refusal(connect(`${url}/ws?token=${userToken(5)}`))).toBe(429);
    await openAs(url, 6);
    const gone = closed(open[0]!.ws);
    open[0]!.ws.close();
    await gone;
    await until('the closed socket to leave the hub', () => hub.stats().sockets === 3);
    await openAs(url, 5);
    expect(hub.stats().sockets).toBe(4);
  });

  it('answers 401 to a driver token', async () => {
    const { url } = await startHub();
    const driverToken = tokens.signDriver({ sub: '1', tv: 0 }, 3600);
    expect(await refusal(connect(`${url}/ws?token=${driverToken}`))).toBe(401);
  });

  it('answers 401 when the app no longer recognises the user', async () => {
    const { url } = await startHub({ deps: { resolveUser: async () => null } });
    expect(await refusal(connect(`${url}/ws?token=${userToken(1)}`))).toBe(401);
  });

  it('hands the verified claims to resolveUser and registers the user it returns', async () => {
    const seen: UserClaims[] = [];
    const { url, hub } = await startHub({
      deps: {
        resolveUser: async (claims) => {
          seen.push(claims);
          return { user_id: 42 };
        },
      },
    });
    const { messages } = await openAs(url, 7);
    expect(seen).toEqual([expect.objectContaining({ sub: '7', role: 'MEMBER', company_id: 1, tv: 0 })]);
    await hub.sendToUsers([42], 'pendingOffersNumber', { count: 1 });
    expect(await messages.next()).toEqual({ event: 'pendingOffersNumber', data: { count: 1 } });
  });

  it('accepts a valid user token on /ws', async () => {
    const { url, hub } = await startHub();
    await openAs(url, 1);
    expect(hub.stats().sockets).toBe(1);
  });

  it('answers 400 to upgrades on other paths when no other handler exists', async () => {
    const { url } = await startHub();
    expect(await refusal(connect(`${url}/other?token=${userToken(1)}`))).toBe(400);
  });

  it('closes the socket with 4001 when the token expires', async () => {
    const { url } = await startHub();
    const ws = connect(`${url}/ws?token=${userToken(1, 2)}`);
    const closing = closed(ws);
    await opened(ws);
    expect((await closing).code).toBe(WS_CLOSE_SESSION_EXPIRED);
  });
});

describe('websocket hub: delivery', () => {
  it('delivers an event to every socket of the user and not to another user', async () => {
    const { url, hub } = await startHub();
    const tabA = await openAs(url, 1);
    const tabB = await openAs(url, 1);
    const other = await openAs(url, 2);

    await hub.sendToUsers([1], 'newMessagesNumber', { count: 3 });
    // Same channel, same order: if the first event had reached user 2 it would come before this one.
    await hub.sendToUsers([1, 2], 'pendingOffersNumber', { count: 5 });

    expect(await tabA.messages.next()).toEqual({ event: 'newMessagesNumber', data: { count: 3 } });
    expect(await tabB.messages.next()).toEqual({ event: 'newMessagesNumber', data: { count: 3 } });
    expect(await other.messages.next()).toEqual({ event: 'pendingOffersNumber', data: { count: 5 } });
    expect(hub.stats().sockets).toBe(3);
  });

  it('splits a long recipient list into several notifications and delivers once to each user', async () => {
    const pubsub = memoryPubSub();
    const publish = vi.spyOn(pubsub, 'publish');
    const { url, hub } = await startHub({ pubsub });
    const user = await openAs(url, 2500);
    const many = Array.from({ length: 3000 }, (_, i) => i + 1);

    await hub.sendToUsers(many, 'newOffer', { offer_id: 9, material_id: 4 });
    await hub.sendToUsers([2500], 'newMessagesNumber', { count: 1 });

    expect(publish.mock.calls.length).toBeGreaterThan(2);
    expect(await user.messages.next()).toEqual({ event: 'newOffer', data: { offer_id: 9, material_id: 4 } });
    expect(await user.messages.next()).toEqual({ event: 'newMessagesNumber', data: { count: 1 } });
  });

  it('replaces data too large for one notification with a resync event', async () => {
    const { url, hub } = await startHub();
    const user = await openAs(url, 1);
    const body = 'é'.repeat(5000);
    await hub.sendToUsers([1], 'message', {
      id: 1,
      chat_id: 2,
      sender_user_id: 3,
      sender_company_id: 4,
      sender_first_name: null,
      sender_last_name: null,
      body,
      created_at: '2026-01-01T00:00:00.000Z',
      attachments: [],
    });
    expect(await user.messages.next()).toEqual({ event: 'resync', data: { event: 'message' } });
  });

  it('ignores malformed notifications on the channel and keeps delivering', async () => {
    const pubsub = memoryPubSub();
    const channel = 'hub_test';
    const { url, hub } = await startHub({ pubsub, options: { channel } });
    const user = await openAs(url, 1);
    await pubsub.publish(channel, 'not json');
    await pubsub.publish(channel, JSON.stringify({ e: 'newOffer', u: 'everyone' }));
    await hub.sendToUsers([1], 'newMessagesNumber', { count: 2 });
    expect(await user.messages.next()).toEqual({ event: 'newMessagesNumber', data: { count: 2 } });
  });

  it('does nothing for an empty recipient list and refuses ids that are not integers', async () => {
    const pubsub = memoryPubSub();
    const publish = vi.spyOn(pubsub, 'publish');
    const { hub } = await startHub({ pubsub });
    await hub.sendToUsers([], 'newMessagesNumber', { count: 1 });
    expect(publish).not.toHaveBeenCalled();
    await expect(hub.sendToUsers([1.5], 'newMessagesNumber', { count: 1 })).rejects.toThrow(TypeError);
  });

  it('close() closes every socket with 1001 and stops accepting upgrades', async () => {
    const { url, hub } = await startHub();
    const { ws } = await openAs(url, 1);
    const closing = closed(ws);
    await hub.close();
    expect((await closing).code).toBe(1001);
    expect(hub.stats().sockets).toBe(0);
  });
});

describe('websocket hub: events for companies', () => {
  // The company comes from the app's view of the user (here the token's claims); administrators act for none.
  const resolveWithCompany = async (claims: UserClaims) => ({
    user_id: Number(claims.sub),
    company_id: claims.role === 'ADMIN' ? null : claims.company_id,
  });
  const tokenOf = (user_id: number, company_id: number | null, role: 'MEMBER' | 'MANAGER' | 'ADMIN' = 'MEMBER') =>
    tokens.signUser({ sub: String(user_id), role, company_id, tv: 0 }, 3600);
  async function openIn(url: string, user_id: number, company_id: number | null, role?: 'MEMBER' | 'MANAGER' | 'ADMIN') {
    const ws = connect(`${url}/ws?token=${tokenOf(user_id, company_id, role)}`);
    const messages = inbox(ws);
    await opened(ws);
    return { ws, messages };
  }
  const offer = { offer_id: 1, material_id: 2 };

  it("delivers once to every socket of the named companies' users, not to other companies or administrators", async () => {
    const pubsub = memoryPubSub();
    const { url, hub } = await startHub({ pubsub, deps: { resolveUser: resolveWithCompany } });
    const annTab1 = await openIn(url, 1, 10, 'MANAGER');
    const annTab2 = await openIn(url, 1, 10, 'MANAGER');
    const bob = await openIn(url, 2, 10);
    const cleo = await openIn(url, 3, 20);
    const dan = await openIn(url, 4, 30);
    const admin = await openIn(url, 5, null, 'ADMIN');
    expect(hub.connectedInCompanies([10, 20]).sort()).toEqual([1, 2, 3]);
    expect(hub.connectedInCompanies([99])).toEqual([]);

    for (const payload of encodeCompanyNotifications([20, 10], 'newOffer', offer).messages) await pubsub.publish(DEFAULT_CHANNEL, payload);
    // Same channel, same order: anything the first event had sent them would arrive before this one.
    await hub.sendToUsers([1, 2, 3, 4, 5], 'pendingOffersNumber', { count: 7 });

    for (const socket of [annTab1, annTab2, bob, cleo]) {
      expect(await socket.messages.next()).toEqual({ event: 'newOffer', data: offer });
      expect(await socket.messages.next()).toEqual({ event: 'pendingOffersNumber', data: { count: 7 } });
    }
    for (const socket of [dan, admin]) expect(await socket.messages.next()).toEqual({ event: 'pendingOffersNumber', data: { count: 7 } });
  });

  it('sends to the companies in the order they are named, and forgets a closed socket', async () => {
    const pubsub = memoryPubSub();
    const { url, hub } = await startHub({ pubsub, deps: { resolveUser: resolveWithCompany } });
    const colleague = await openIn(url, 1, 10);
    const recipient = await openIn(url, 2, 20);
    const leaving = await openIn(url, 3, 20);
    // Which user each server-side socket belongs to, by the client's port.
    const userByPort = new Map(
      [colleague, recipient].map((s, i) => [(s.ws as unknown as { _socket: { localPort: number } })._socket.localPort, i + 1]),
    );
    const leavingClosed = closed(leaving.ws);
    leaving.ws.close();
    await leavingClosed;
    await vi.waitFor(() => expect(hub.stats().sockets).toBe(2));
    expect(hub.connectedInCompanies([20])).toEqual([2]);

    const order: number[] = [];
    const original = WebSocket.prototype.send;
    const spy = vi.spyOn(WebSocket.prototype, 'send').mockImplementation(function (this: WebSocket, ...args: Parameters<WebSocket['send']>) {
      order.push(userByPort.get((this as unknown as { _socket: { remotePort: number } })._socket.remotePort) ?? 0);
      return original.apply(this, args);
    });
    try {
      for (const payload of encodeCompanyNotifications([20, 10], 'newOffer', offer).messages) await pubsub.publish(DEFAULT_CHANNEL, payload);
      expect(await recipient.messages.next()).toEqual({ event: 'newOffer', data: offer });
      expect(await colleague.messages.next()).toEqual({ event: 'newOffer', data: offer });
    } finally {
      spy.mockRestore();
    }
    expect(order).toEqual([2, 1]);
  });
});

describe('websocket hub: client frames and socket health', () => {
  it('closes the socket with 1009 when a client frame exceeds the maximum payload', async () => {
    const { url } = await startHub();
    const { ws } = await openAs(url, 1);
    const closing = closed(ws);
    ws.send('x'.repeat(WS_MAX_PAYLOAD + 1));
    expect((await closing).code).toBe(1009);
  });

  it('passes valid requests to onClientRequest and replies to the asking socket only', async () => {
    const calls: unknown[] = [];
    const { url } = await startHub({
      deps: {
        onClientRequest: (user_id, frame, reply) => {
          calls.push({ user_id, frame });
          if (frame.event === 'newMessagesNumber') reply('newMessagesNumber', { count: 4 });
          else reply('notificationsUnseen', { count: frame.data.page ?? -1 });
        },
      },
    });
    const asking = await openAs(url, 1);
    const otherTab = await openAs(url, 1);

    asking.ws.send(JSON.stringify({ event: 'newMessagesNumber', data: {} }));
    asking.ws.send(JSON.stringify({ event: 'listNotifications', data: { page: 2 } }));
    otherTab.ws.send(JSON.stringify({ event: 'listNotifications' }));

    expect(await asking.messages.next()).toEqual({ event: 'newMessagesNumber', data: { count: 4 } });
    expect(await asking.messages.next()).toEqual({ event: 'notificationsUnseen', data: { count: 2 } });
    expect(await otherTab.messages.next()).toEqual({ event: 'notificationsUnseen', data: { count: -1 } });
    expect(calls).toEqual([
      { user_id: 1, frame: { event: 'newMessagesNumber', data: {} } },
      { user_id: 1, frame: { event: 'listNotifications', data: { page: 2 } } },
      { user_id: 1, frame: { event: 'listNotifications', data: {} } },
    ]);
  });

  it('drops a request while the same request from that socket is still being answered', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    const { url } = await startHub({
      deps: {
        onClientRequest: async (_user_id, frame, reply) => {
          events.push(frame.event);
          if (frame.event === 'newMessagesNumber') await blocked;
          reply('newMessagesNumber', { count: events.length });
        },
      },
    });
    const { ws, messages } = await openAs(url, 1);
    ws.send(JSON.stringify({ event: 'newMessagesNumber', data: {} }));
    ws.send(JSON.stringify({ event: 'newMessagesNumber', data: {} }));
    ws.send(JSON.stringify({ event: 'listNotifications', data: {} }));
    // Frames on one socket are handled in order, so this reply proves the duplicate was seen (and dropped).
    expect(await messages.next()).toEqual({ event: 'newMessagesNumber', data: { count: 2 } });
    release();
    expect(await messages.next()).toEqual({ event: 'newMessagesNumber', data: { count: 2 } });
    expect(events).toEqual(['newMessagesNumber', 'listNotifications']);
  });

  it('ignores invalid frames, then closes with 1003 after repeated abuse', async () => {
    const onClientRequest = vi.fn();
    const { url } = await startHub({ deps: { onClientRequest }, options: { invalidFrameLimit: 3 } });
    const { ws } = await openAs(url, 1);
    const closing = closed(ws);
    ws.send('not json');
    ws.send(JSON.stringify({ event: 'deleteEverything', data: {} }));
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await closing).code).toBe(1003);
    expect(onClientRequest).not.toHaveBeenCalled();
  });

  it('terminates a socket that stops answering pings and keeps one that answers', async () => {
    const { url, hub } = await startHub({ options: { heartbeatMs: 200 } });
    const live = await openAs(url, 1);
    const dead = connect(`${url}/ws?token=${userToken(2)}`, { autoPong: false });
    const deadClosed = closed(dead);
    await opened(dead);

    expect((await deadClosed).code).toBe(1006);
    expect(live.ws.readyState).toBe(WebSocket.OPEN);
    // The server sees the TCP close a moment after the client does.
    await vi.waitFor(() => expect(hub.stats().sockets).toBe(1));
  });
});

describe('sendOrDrop', () => {
  const fakeSocket = (bufferedAmount: number, readyState: WebSocket['readyState'] = WebSocket.OPEN) => ({
    readyState,
    bufferedAmount,
    send: vi.fn(),
    terminate: vi.fn(),
  });

  it('sends while the queue is below the limit', () => {
    const socket = fakeSocket(10);
    expect(sendOrDrop(socket, 'frame', 1024)).toBe('sent');
    expect(socket.send).toHaveBeenCalledWith('frame');
  });

  it('terminates a slow consumer instead of queueing more', () => {
    const socket = fakeSocket(2048);
    expect(sendOrDrop(socket, 'frame', 1024)).toBe('dropped');
    expect(socket.send).not.toHaveBeenCalled();
    expect(socket.terminate).toHaveBeenCalledOnce();
  });

  it('skips sockets that are not open', () => {
    const socket = fakeSocket(0, WebSocket.CLOSING);
    expect(sendOrDrop(socket, 'frame', 1024)).toBe('closed');
    expect(socket.send).not.toHaveBeenCalled();
  });
});

describe('encodeNotifications', () => {
  it('keeps every notification within the byte limit and names each recipient exactly once', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => 1_000_000 + i);
    const { messages, compacted } = encodeNotifications(ids, 'newOffer', { offer_id: 1, material_id: 2 }, 7999);
    expect(compacted).toBe(false);
    expect(messages.length).toBeGreaterThan(1);
    const seen: number[] = [];
    for (const message of messages) {
      expect(Buffer.byteLength(message)).toBeLessThanOrEqual(7999);
      const parsed = JSON.parse(message) as { e: string; d: unknown; u: number[] };
      expect(parsed.e).toBe('newOffer');
      expect(parsed.d).toEqual({ offer_id: 1, material_id: 2 });
      seen.push(...parsed.u);
    }
    expect(seen).toEqual(ids);
  });

  it('counts bytes, not characters, when deciding whether data fits', () => {
    const { compacted } = encodeNotifications([1], 'messageSeen', { chat_id: 1, user_id: 1, seen_at: 'ø'.repeat(4000) }, 7999);
    expect(compacted).toBe(true);
  });
});

if (!testPostgresUrl) console.info('hub.test.ts: TEST_DATABASE_URL is unset, so the multi-instance test (real Postgres LISTEN/NOTIFY) is skipped');

describe('websocket hub: several instances on one Postgres', () => {
  it.skipIf(!testPostgresUrl)('delivers an event sent through instance A to a socket held by instance B', async () => {
    const databases: Database[] = [await openPostgres(testPostgresUrl!, { max: 2 }), await openPostgres(testPostgresUrl!, { max: 2 })];
    cleanups.push(async () => {
      for (const database of databases) await database.close();
    });
    // Each run gets its own channel, so parallel runs against one database never see each other's events.
    const channel = `synergy_ws_test_${randomUUID().replaceAll('-', '')}`;
    const a = await startHub({ pubsub: databases[0]!.pubsub, options: { channel } });
    const b = await startHub({ pubsub: databases[1]!.pubsub, options: { channel } });
    const onB = await openAs(b.url, 7);
    const onA = await openAs(a.url, 7);

    await a.hub.sendToUsers([7], 'newNotification', {
      id: 1,
      code: 'notification.text',
      params: { text: 'Your offer was accepted' },
      message: 'Your offer was accepted',
      type: 'offers',
      seen: false,
      created_at: '2026-01-01T00:00:00.000Z',
      link: null,
    });
    // Past Postgres's 8000-byte NOTIFY limit: split across notifications, still one delivery.
    await a.hub.sendToUsers(
      Array.from({ length: 3000 }, (_, i) => i + 1),
      'pendingOffersNumber',
      { count: 6 },
    );

    for (const socket of [onB, onA]) {
      expect(await socket.messages.next()).toMatchObject({ event: 'newNotification', data: { id: 1, message: 'Your offer was accepted' } });
      expect(await socket.messages.next()).toEqual({ event: 'pendingOffersNumber', data: { count: 6 } });
    }
  });
});
