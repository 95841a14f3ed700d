// The WebSocket hub at /ws. It authenticates on upgrade (a bad token never gets a socket), keeps the
// sockets of this instance per user and per company, and routes every event through one Postgres NOTIFY
// channel that all instances LISTEN on, so N stateless instances behave as one. An event sent from a
// transaction of this instance reaches its sockets right after the commit, without the round trip through
// Postgres (server/db/notify.ts, docs/decisions/0152). On PGlite the channel is in-process, which is the same
// thing for a single process.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { z } from 'zod';
import {
  WS_CLOSE_SESSION_EXPIRED,
  WS_CLOSE_SESSION_REVOKED,
  WS_HEARTBEAT_MS,
  WS_MAX_PAYLOAD,
  WS_PATH,
  type ClientEventName,
  type ClientFrame,
  type ServerEventName,
  type ServerEvents,
  type ServerFrame,
} from '../../shared/ws-events';
import type { Database } from '../db/client';
import { NOTIFY_PAYLOAD_MAX_BYTES } from '../db/notify';
import type { Logger } from '../lib/logger';
import type { Metrics } from '../lib/metrics';
import type { TokenService, UserClaims } from '../lib/tokens';
import type { Realtime } from './realtime';

/** Sends one event to the socket that made a request, and to no other. */
export type ClientReply = <K extends ServerEventName>(event: K, data: ServerEvents[K]) => void;

/** Answers a client request ('newMessagesNumber', 'listNotifications'); wired by the app once those modules exist. */
export type ClientRequestHandler = (user_id: number, frame: ClientFrame, reply: ClientReply) => Promise<void> | void;

export interface HubDeps {
  /** Only the pub/sub channel is used, so tests can pass `{ pubsub }` alone. */
  database: Pick<Database, 'pubsub'>;
  tokens: Pick<TokenService, 'verifyUser'>;
  logger: Logger;
  /**
   * Confirms the token's user still exists and its token version is current; null refuses the socket. The
   * company is the one the user acts for (none for administrators): a user never changes company, and a change
   * of role, removal or disabling ends their sessions, which closes their sockets (revalidation).
   */
  resolveUser: (claims: UserClaims) => Promise<{ user_id: number; company_id?: number | null } | null>;
  onClientRequest?: ClientRequestHandler;
  /** Connection and frame counters for /metrics. */
  metrics?: Pick<Metrics, 'ws'>;
}

export interface HubOptions {
  /** Ping interval; a socket that has not answered the previous ping by the next tick is terminated. */
  heartbeatMs?: number;
  /** Unsent bytes queued for one socket above which it is a slow consumer and is terminated. */
  maxBufferedBytes?: number;
  /** Postgres NOTIFY channel; tests use their own so parallel runs on one database do not cross. */
  channel?: string;
  /** Largest NOTIFY payload; Postgres refuses 8000 bytes or more. */
  notifyMaxBytes?: number;
  /** Invalid client frames tolerated on one socket before it is closed with 1003. */
  invalidFrameLimit?: number;
  /** How long close() waits for closing handshakes before terminating the remaining sockets. */
  closeGraceMs?: number;
  /** Sockets one user may hold on this instance (tabs, devices); more are refused with 429. */
  maxSocketsPerUser?: number;
}

export interface Hub extends Realtime, LocalDelivery {
  connectedInCompanies(companyIds: Iterable<number>): number[];
  close(): Promise<void>;
  stats(): { sockets: number };
}

/** What a publisher running on this instance needs: who is connected here, and a way to reach them. */
export interface LocalDelivery {
  /** The ones among these users that hold at least one socket on this instance. */
  connected(userIds: Iterable<number>): number[];
  /** The users of these companies (members and managers) that hold at least one socket on this instance. */
  connectedInCompanies(companyIds: Iterable<number>): number[] | Promise<number[]>;
  /** Sends these events to every socket of the user on this instance, as one WebSocket message. */
  deliverLocal(user_id: number, frames: readonly ServerFrame[]): void;
}

export const DEFAULT_CHANNEL = 'synergy_ws';
export const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;
export const NOTIFY_MAX_BYTES = NOTIFY_PAYLOAD_MAX_BYTES;
export const DEFAULT_MAX_SOCKETS_PER_USER = 20;

interface Client {
  socket: WebSocket;
  user_id: number;
  /** The company the user acts for, as resolved when the socket opened; null for administrators. */
  company_id: number | null;
  /** The token's claims, checked again when the user's sessions are revoked. */
  claims: UserClaims;
  alive: boolean;
  invalidFrames: number;
  inFlight: Set<ClientEventName>;
  expiryTimer: NodeJS.Timeout | undefined;
}

const clientFrameSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('newMessagesNumber'), data: z.object({}).default({}) }),
  z.object({
    event: z.literal('listNotifications'),
    data: z.object({ page: z.number().int().min(0).max(100_000).optional() }).default({}),
  }),
]);

const notificationSchema = z.union([
  z.object({ e: z.string(), d: z.unknown(), u: z.array(z.number().int()) }),
  /** An event for every member and manager of these companies, delivered in the order the companies are named. */
  z.object({ e: z.string(), d: z.unknown(), k: z.array(z.number().int()) }),
  /** Control message: the sessions of these users changed; every socket of theirs re-checks its token. */
  z.object({ c: z.literal('revalidate'), u: z.array(z.number().int()) }),
]);

// setTimeout fires immediately for delays above this, so far-off expiries are clamped to it.
const MAX_TIMER_MS = 2 ** 31 - 1;
// A user id takes at most 16 characters in JSON plus a comma.
const MAX_ID_BYTES = 17;

export async function createHub(opts: { server: http.Server; deps: HubDeps; options?: HubOptions }): Promise<Hub> {
  const { server, deps } = opts;
  const heartbeatMs = opts.options?.heartbeatMs ?? WS_HEARTBEAT_MS;
  const maxBufferedBytes = opts.options?.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  const channel = opts.options?.channel ?? DEFAULT_CHANNEL;
  const notifyMaxBytes = opts.options?.notifyMaxBytes ?? NOTIFY_MAX_BYTES;
  const invalidFrameLimit = opts.options?.invalidFrameLimit ?? 5;
  const closeGraceMs = opts.options?.closeGraceMs ?? 5000;
  const maxSocketsPerUser = opts.options?.maxSocketsPerUser ?? DEFAULT_MAX_SOCKETS_PER_USER;
  const logger = deps.logger.child({ module: 'ws' });

  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD, perMessageDeflate: false });
  const registry = new Map<number, Set<Client>>();
  const byCompany = new Map<number, Set<Client>>();
  let closed = false;

  const wsMetrics = deps.metrics?.ws;
  /** Sends one frame to each of these sockets; returns how many it was sent to (counted once, not per socket). */
  const deliverAll = (clients: Iterable<Client>, frame: string | Buffer, count = true): number => {
    let sent = 0;
    for (const client of clients) {
      const outcome = sendOrDrop(client.socket, frame, maxBufferedBytes);
      if (outcome === 'sent') sent++;
      else if (outcome === 'dropped') {
        wsMetrics?.slowConsumers.inc();
        logger.warn({ user_id: client.user_id }, 'slow websocket consumer terminated');
      }
    }
    if (count && sent) wsMetrics?.framesSent.inc(sent);
    return sent;
  };
  const deliver = (client: Client, frame: string) => deliverAll([client], frame);
  const refuse = (socket: Duplex, status: Parameters<typeof abortHandshake>[1]) => {
    wsMetrics?.refused.inc({ status: String(status) });
    abortHandshake(socket, status);
  };

  const onNotification = (payload: string) => {
    let message: z.infer<typeof notificationSchema>;
    try {
      message = notificationSchema.parse(JSON.parse(payload));
    } catch (err) {
      logger.warn({ err }, 'malformed realtime notification ignored');
      return;
    }
    if ('c' in message) {
      for (const user_id of message.u) for (const client of registry.get(user_id) ?? []) revalidate(client);
      return;
    }
    // One frame for every recipient, encoded once: each socket is handed the same bytes.
    let frame: Buffer | undefined;
    let sent = 0;
    const groups = 'k' in message ? message.k.map((id) => byCompany.get(id)) : message.u.map((id) => registry.get(id));
    for (const clients of groups) {
      if (!clients) continue;
      frame ??= Buffer.from(JSON.stringify({ event: message.e, data: message.d }));
      sent += deliverAll(clients, frame, false);
    }
    if (sent) wsMetrics?.framesSent.inc(sent);
  };

  const revalidate = (client: Client) => {
    deps
      .resolveUser(client.claims)
      .then((user) => {
        if (!user) client.socket.close(WS_CLOSE_SESSION_REVOKED, 'session revoked');
      })
      .catch((err: unknown) => logger.error({ err, user_id: client.user_id }, 'revalidating a websocket failed'));
  };

  // Subscribe before accepting sockets so no event published after start-up is missed.
  const unsubscribe = await deps.database.pubsub.subscribe(channel, onNotification);

  const register = (socket: WebSocket, user_id: number, company_id: number | null, claims: UserClaims & { exp: number }) => {
    const expSeconds = claims.exp;
    const client: Client = { socket, user_id, company_id, claims, alive: true, invalidFrames: 0, inFlight: new Set(), expiryTimer: undefined };
    const untilExpiry = expSeconds * 1000 - Date.now();
    // The token was checked once, at upgrade; without this a socket would outlive its session.
    client.expiryTimer = setTimeout(
      () => socket.close(WS_CLOSE_SESSION_EXPIRED, 'session expired'),
      Math.min(Math.max(untilExpiry, 0), MAX_TIMER_MS),
    );
    client.expiryTimer.unref();

    const clients = registry.get(user_id) ?? new Set<Client>();
    clients.add(client);
    registry.set(user_id, clients);
    const colleagues = company_id === null ? null : (byCompany.get(company_id) ?? new Set<Client>());
    if (colleagues) {
      colleagues.add(client);
      byCompany.set(company_id!, colleagues);
    }

    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (raw, isBinary) => onClientMessage(client, raw, isBinary));
    // ws closes the socket itself after protocol errors (oversize frame: 1009); without a listener the
    // 'error' event would crash the process.
    socket.on('error', (err) => logger.debug({ err, user_id }, 'websocket error'));
    wsMetrics?.opened.inc();
    socket.on('close', () => {
      wsMetrics?.closed.inc();
      clearTimeout(client.expiryTimer);
      clients.delete(client);
      if (clients.size === 0 && registry.get(user_id) === clients) registry.delete(user_id);
      if (colleagues) {
        colleagues.delete(client);
        if (colleagues.size === 0 && byCompany.get(company_id!) === colleagues) byCompany.delete(company_id!);
      }
    });
    logger.debug({ user_id }, 'websocket connected');
  };

  const onClientMessage = (client: Client, raw: RawData, isBinary: boolean) => {
    wsMetrics?.framesReceived.inc();
    const frame = isBinary ? null : parseClientFrame(raw);
    if (!frame) {
      client.invalidFrames += 1;
      if (client.invalidFrames >= invalidFrameLimit) client.socket.close(1003, 'invalid frames');
      return;
    }
    const handler = deps.onClientRequest;
    // A request that is already being answered is dropped, which bounds the database work one socket can cause.
    if (!handler || client.inFlight.has(frame.event)) return;
    client.inFlight.add(frame.event);
    const reply: ClientReply = (event, data) => deliver(client, JSON.stringify({ event, data }));
    void Promise.resolve()
      .then(() => handler(client.user_id, frame, reply))
      .catch((err: unknown) => logger.error({ err, user_id: client.user_id, event: frame.event }, 'websocket request failed'))
      .finally(() => client.inFlight.delete(frame.event));
  };

  const authenticate = async (req: http.IncomingMessage, socket: Duplex, head: Buffer, token: string | null) => {
    // A client that resets the connection while we wait on resolveUser must not crash the process.
    const onEarlyError = (err: Error) => logger.debug({ err }, 'socket error before upgrade');
    socket.on('error', onEarlyError);
    if (!token) return refuse(socket, 401);
    let claims: UserClaims & { exp: number };
    try {
      claims = deps.tokens.verifyUser(token);
    } catch {
      return refuse(socket, 401);
    }
    let user: { user_id: number; company_id?: number | null } | null;
    try {
      user = await deps.resolveUser(claims);
    } catch (err) {
      logger.error({ err }, 'resolving websocket user failed');
      return refuse(socket, 503);
    }
    if (!user) return refuse(socket, 401);
    if (closed) return refuse(socket, 503);
    const { user_id } = user;
    if ((registry.get(user_id)?.size ?? 0) >= maxSocketsPerUser) return refuse(socket, 429);
    wss.handleUpgrade(req, socket, head, (ws) => {
      socket.off('error', onEarlyError);
      register(ws, user_id, user.company_id ?? null, claims);
    });
  };

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // Never log req.url: it carries the token.
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (pathname !== WS_PATH) {
      // Another upgrade handler (Vite HMR in development) may own this path; answer only when none exists.
      if (server.listenerCount('upgrade') === 1) refuse(socket, 400);
      return;
    }
    const token = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1)).get('token');
    void authenticate(req, socket, head, token).catch((err: unknown) => {
      logger.error({ err }, 'websocket upgrade failed');
      refuse(socket, 500);
    });
  };
  server.on('upgrade', onUpgrade);

  const heartbeat = setInterval(() => {
    for (const clients of registry.values()) {
      for (const client of clients) {
        if (!client.alive || client.socket.bufferedAmount > maxBufferedBytes) {
          if (client.alive) wsMetrics?.slowConsumers.inc();
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }
  }, heartbeatMs);
  heartbeat.unref();

  const allClients = () => [...registry.values()].flatMap((set) => [...set]);

  return {
    async sendToUsers(userIds, event, data) {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return;
      for (const id of ids) {
        if (!Number.isSafeInteger(id)) throw new TypeError(`sendToUsers: invalid user id ${String(id)}`);
      }
      const payloads = encodeNotifications(ids, event, data, notifyMaxBytes);
      if (payloads.compacted) logger.info({ event, users: ids.length }, 'realtime payload too large for NOTIFY; sent resync instead');
      for (const payload of payloads.messages) await deps.database.pubsub.publish(channel, payload);
    },

    connected(userIds) {
      const out: number[] = [];
      for (const id of userIds) if (registry.has(id)) out.push(id);
      return out;
    },

    connectedInCompanies(companyIds) {
      const out = new Set<number>();
      for (const id of companyIds) for (const client of byCompany.get(id) ?? []) out.add(client.user_id);
      return [...out];
    },

    deliverLocal(user_id, frames) {
      const clients = registry.get(user_id);
      if (!clients || frames.length === 0) return;
      // One message per batch: a client applies a notification and its counter together.
      const message = JSON.stringify(frames.length === 1 ? frames[0] : frames);
      deliverAll(clients, message);
    },

    stats() {
      let sockets = 0;
      for (const clients of registry.values()) sockets += clients.size;
      return { sockets };
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      server.off('upgrade', onUpgrade);
      await unsubscribe();
      const done = new Promise<void>((resolve) => wss.close(() => resolve()));
      for (const client of allClients()) client.socket.close(1001, 'server shutting down');
      const grace = setTimeout(() => {
        for (const client of allClients()) client.socket.terminate();
      }, closeGraceMs);
      grace.unref();
      await done;
      clearTimeout(grace);
    },
  };
}

/** Sends a frame unless the socket is closed; a socket already holding too much unsent data is terminated instead. */
export function sendOrDrop(
  socket: Pick<WebSocket, 'readyState' | 'bufferedAmount' | 'send' | 'terminate'>,
  frame: string | Buffer,
  maxBufferedBytes: number,
): 'sent' | 'dropped' | 'closed' {
  if (socket.readyState !== WebSocket.OPEN) return 'closed';
  if (socket.bufferedAmount > maxBufferedBytes) {
    socket.terminate();
    return 'dropped';
  }
  // A Buffer is an already encoded JSON text: sent as a text frame, like a string.
  if (typeof frame === 'string') socket.send(frame);
  else socket.send(frame, { binary: false });
  return 'sent';
}

/**
 * Builds the NOTIFY payloads for one event. Postgres refuses payloads of 8000 bytes or more, so:
 * - a long recipient list is split into several notifications, each carrying the full data;
 * - data too large to fit even with one recipient is replaced by a `resync` event naming the original
 *   event, and clients refetch it over HTTP. Pushed payloads (counters, a notification, a 250-character
 *   chat message) are far below the limit, so this is a safety net rather than a normal path.
 */
/** The control message that makes every instance re-check these users' sockets (sessions revoked). */
export function encodeRevalidate(userIds: readonly number[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < userIds.length; i += 400) out.push(JSON.stringify({ c: 'revalidate', u: userIds.slice(i, i + 400) }));
  return out;
}

export function encodeNotifications(
  userIds: readonly number[],
  event: ServerEventName,
  data: unknown,
  maxBytes: number = NOTIFY_MAX_BYTES,
  to: 'u' | 'k' = 'u',
): { messages: string[]; compacted: boolean } {
  const messages = splitRecipients(userIds, event, data, maxBytes, to);
  if (messages) return { messages, compacted: false };
  if (event !== 'resync') {
    const fallback = splitRecipients(userIds, 'resync', { event } satisfies ServerEvents['resync'], maxBytes, to);
    if (fallback) return { messages: fallback, compacted: true };
  }
  throw new RangeError(`notification limit of ${maxBytes} bytes is too small for event ${event}`);
}

/**
 * The NOTIFY payloads of an event for every member and manager of these companies (`k`), delivered to them in
 * the order the companies are named. Same byte limit and `resync` fallback as `encodeNotifications`.
 */
export function encodeCompanyNotifications(
  companyIds: readonly number[],
  event: ServerEventName,
  data: unknown,
  maxBytes: number = NOTIFY_MAX_BYTES,
): { messages: string[]; compacted: boolean } {
  return encodeNotifications(companyIds, event, data, maxBytes, 'k');
}

function splitRecipients(recipients: readonly number[], event: string, data: unknown, maxBytes: number, to: 'u' | 'k'): string[] | null {
  const head = `{"e":${JSON.stringify(event)},"d":${JSON.stringify(data)},"${to}":[`;
  const tail = ']}';
  const fixedBytes = Buffer.byteLength(head) + tail.length;
  if (fixedBytes + MAX_ID_BYTES > maxBytes) return null;
  const messages: string[] = [];
  let ids: string[] = [];
  let idsBytes = 0;
  for (const id of recipients) {
    const text = String(id);
    const extra = text.length + (ids.length > 0 ? 1 : 0);
    if (fixedBytes + idsBytes + extra > maxBytes) {
      messages.push(head + ids.join(',') + tail);
      ids = [];
      idsBytes = 0;
    }
    idsBytes += text.length + (ids.length > 0 ? 1 : 0);
    ids.push(text);
  }
  if (ids.length > 0) messages.push(head + ids.join(',') + tail);
  return messages;
}

function parseClientFrame(raw: RawData): ClientFrame | null {
  try {
    const bytes = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    const parsed = clientFrameSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Answers a refused upgrade with a plain HTTP response; the socket never becomes a WebSocket. */
function abortHandshake(socket: Duplex, status: 400 | 401 | 429 | 500 | 503) {
  if (socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable' }[
    status
  ];
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}
