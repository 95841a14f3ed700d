// Two server instances on one Postgres act as one: a chat message sent through instance A reaches a socket
// held by instance B (and a notification raised on A reaches B's socket), through LISTEN/NOTIFY.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../shared/ws-events';
import { startServer, type RunningServer } from './boot';
import type { Database, PubSub } from './db/client';
import { createCacheBus } from './lib/cache';
import { loadEnv } from './env';
import { createTestDatabase } from './test/db';
import { loginAt } from './test/server-process';
import { onPostgres } from './test/postgres';

let database: Database;
const servers: RunningServer[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'synergy-instances-'));

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  const env = (n: string) =>
    loadEnv({
      DATABASE_URL: database.url!,
      SEED_DEMO: 'true',
      DATA_DIR: path.join(dataDir, n),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      JWT_SECRET: 'instances-test-secret-long-enough-for-hs256',
    });
  servers.push(await startServer(env('a')));
  servers.push(await startServer(env('b')));
}, 120_000);
afterAll(async () => {
  for (const s of servers) await s.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Opens a socket and collects every frame (batches unpacked). */
async function socket(port: number, token: string) {
  const frames: ServerFrame[] = [];
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(token)}`);
  ws.on('message', (raw) => {
    const parsed = JSON.parse(String(raw)) as ServerFrame | ServerFrame[];
    frames.push(...(Array.isArray(parsed) ? parsed : [parsed]));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waitFor = (pred: (f: ServerFrame) => boolean, ms = 10_000) =>
    new Promise<ServerFrame>((resolve, reject) => {
      const started = Date.now();
      const tick = () => {
        const hit = frames.find(pred);
        if (hit) return resolve(hit);
        if (Date.now() - started > ms) return reject(new Error(`no matching frame in ${ms} ms; got ${frames.map((f) => f.event).join(', ')}`));
        setTimeout(tick, 20);
      };
      tick();
    });
  return { ws, frames, waitFor };
}

describe.skipIf(!onPostgres)('two instances on one Postgres', () => {
  it('delivers a message sent through instance A to a socket on instance B, with the unread counter', async () => {
    const [a, b] = servers.map((s) => `http://127.0.0.1:${s.port}`) as [string, string];
    const provider = await loginAt(a, 'manager@example.com');
    const requester = await loginAt(b, 'anders.kjaer@example.org');
    const onB = await socket(servers[1]!.port, requester);
    const chats = (await (await fetch(`${a}/api/chats`, { headers: { authorization: `Bearer ${provider}` } })).json()) as {
      items: { id: number; read_only: boolean }[];
    };
    const chat = chats.items.find((c) => !c.read_only)!;
    const started = Date.now();
    const res = await fetch(`${a}/api/chats/${chat.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Sent through A, read on B' }),
    });
    expect(res.status).toBe(201);
    const frame = await onB.waitFor((f) => f.event === 'message' && f.data.body === 'Sent through A, read on B');
    const ms = Date.now() - started;
    expect(frame.data).toMatchObject({ chat_id: chat.id });
    const counter = await onB.waitFor((f) => f.event === 'newMessagesNumber');
    expect((counter.data as { count: number }).count).toBeGreaterThanOrEqual(1);
    console.log(`instances: message through A reached B's socket in ${ms} ms`);
    onB.ws.close();
  });

  it('delivers a message once to every socket of both companies: at commit on the sending instance, by NOTIFY on the other', async () => {
    const [a, b] = servers.map((s) => `http://127.0.0.1:${s.port}`) as [string, string];
    const [portA, portB] = servers.map((s) => s.port) as [number, number];
    const provider = await loginAt(a, 'manager@example.com');
    const providerTab = await loginAt(b, 'manager@example.com');
    const requester = await loginAt(b, 'anders.kjaer@example.org');
    const sockets = {
      senderOnA: await socket(portA, provider),
      senderOnB: await socket(portB, providerTab),
      otherOnA: await socket(portA, requester),
      otherOnB: await socket(portB, requester),
    };
    const chats = (await (await fetch(`${a}/api/chats`, { headers: { authorization: `Bearer ${provider}` } })).json()) as {
      items: { id: number; read_only: boolean }[];
    };
    const chat = chats.items.find((c) => !c.read_only)!;
    const send = async (message: string) => {
      const res = await fetch(`${a}/api/chats/${chat.id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${provider}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message }),
      });
      expect(res.status).toBe(201);
    };
    const body = (text: string) => (f: ServerFrame) => f.event === 'message' && f.data.body === text;
    await send('Once for everyone');
    // A second message, sent after the first committed, arrives after it on every socket (one channel, in order).
    await send('After the first');
    for (const s of Object.values(sockets)) await s.waitFor(body('After the first'));
    for (const [name, s] of Object.entries(sockets)) {
      expect([name, s.frames.filter(body('Once for everyone')).length]).toEqual([name, 1]);
      expect([name, s.frames.filter(body('After the first')).length]).toEqual([name, 1]);
    }
    // The other company's counters follow on both instances.
    await sockets.otherOnA.waitFor((f) => f.event === 'newMessagesNumber');
    await sockets.otherOnB.waitFor((f) => f.event === 'newMessagesNumber');
    for (const s of Object.values(sockets)) s.ws.close();
  });

  it('delivers a notification raised on instance A to its recipient socket on instance B', async () => {
    const [a] = servers.map((s) => `http://127.0.0.1:${s.port}`) as [string, string];
    const buyer = await loginAt(a, 'felix.brandt@example.org');
    const seller = await loginAt(`http://127.0.0.1:${servers[1]!.port}`, 'manager@example.com');
    const onB = await socket(servers[1]!.port, seller);
    const listings = (await (await fetch(`${a}/api/v2/materials/offerings`, { headers: { authorization: `Bearer ${seller}` } })).json()) as {
      items: { id: number; title: string; status: string }[];
    };
    const crates = listings.items.find((l) => l.status === 'active' && /crates/i.test(l.title))!;
    const res = await fetch(`${a}/api/offers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ material_id: crates.id, quantity: 100, message: 'From instance A' }),
    });
    expect(res.status).toBe(201);
    const note = await onB.waitFor((f) => f.event === 'newNotification');
    expect(note.data).toMatchObject({ code: 'notification.offerReceived', type: 'offers', link: '/pending-offers' });
    await onB.waitFor((f) => f.event === 'newOffer');
    await onB.waitFor((f) => f.event === 'pendingOffersNumber');
    onB.ws.close();
  });

  it("ends sessions on every instance: logout closes that token's sockets within a second and refuses it; logout everywhere ends the rest", async () => {
    const [a, b] = servers.map((s) => `http://127.0.0.1:${s.port}`) as [string, string];
    const [portA, portB] = servers.map((s) => s.port) as [number, number];
    const phone = await loginAt(a, 'member@example.com');
    const laptop = await loginAt(b, 'member@example.com');
    const phoneOnB = await socket(portB, phone);
    const phoneOnA = await socket(portA, phone);
    const laptopOnA = await socket(portA, laptop);
    const closed = (ws: WebSocket) =>
      new Promise<{ code: number; at: number }>((resolve) => ws.once('close', (code) => resolve({ code, at: Date.now() })));
    const get = (base: string, token: string) => fetch(`${base}/api/notifications/unseen`, { headers: { authorization: `Bearer ${token}` } });

    const phoneClosed = Promise.all([closed(phoneOnB.ws), closed(phoneOnA.ws)]);
    const started = Date.now();
    expect((await fetch(`${a}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${phone}` } })).status).toBe(200);
    const [onB, onA] = await phoneClosed;
    expect([onB.code, onA.code]).toEqual([4401, 4401]);
    console.log(`sessions: logout closed the token's sockets on both instances in ${Math.max(onB.at, onA.at) - started} ms`);
    expect((await get(b, phone)).status).toBe(401);
    // The other device is untouched.
    expect((await get(b, laptop)).status).toBe(200);
    expect(laptopOnA.ws.readyState).toBe(WebSocket.OPEN);
    await expect(socket(portB, phone)).rejects.toThrow(/401/);

    const laptopClosed = closed(laptopOnA.ws);
    expect((await fetch(`${b}/api/auth/logout-all`, { method: 'POST', headers: { authorization: `Bearer ${laptop}` } })).status).toBe(200);
    expect((await laptopClosed).code).toBe(4401);
    expect((await get(a, laptop)).status).toBe(401);
    // Signing in again works.
    expect((await get(a, await loginAt(a, 'member@example.com'))).status).toBe(200);
  });

  it("a password change closes the old token's sockets and keeps the new token working", async () => {
    const [a] = servers.map((s) => `http://127.0.0.1:${s.port}`) as [string];
    const old = await loginAt(a, 'manager@example.com');
    const onB = await socket(servers[1]!.port, old);
    const wasClosed = new Promise<number>((resolve) => onB.ws.once('close', (code) => resolve(code)));
    const password = 'Synergy!2026';
    const res = await fetch(`${a}/api/users/change-password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${old}`, 'content-type': 'application/json' },
      body: JSON.stringify({ current_password: password, new_password: password }),
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(await wasClosed).toBe(4401);
    const fresh = await socket(servers[1]!.port, token);
    expect(fresh.ws.readyState).toBe(WebSocket.OPEN);
    fresh.ws.close();
  });

  it('an administrator disabling an account closes its sockets on every instance at once; its token and login are refused', async () => {
    const [a, b] = servers.map((s) => `http://127.0.0.1:${s.port}`) as [string, string];
    const admin = await loginAt(a, 'admin@example.com');
    const token = await loginAt(b, 'jason.tan@example.org');
    const onA = await socket(servers[0]!.port, token);
    const onB = await socket(servers[1]!.port, token);
    const closedCodes = Promise.all([onA.ws, onB.ws].map((ws) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))));
    const auth = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const found = (await (await fetch(`${a}/admin/users?search=jason.tan`, { headers: auth })).json()) as { items: { id: number }[] };
    const id = found.items[0]!.id;
    const put = (disabled: boolean) => fetch(`${a}/admin/users/${id}`, { method: 'PUT', headers: auth, body: JSON.stringify({ disabled }) });
    expect((await put(true)).status).toBe(200);
    expect(await closedCodes).toEqual([4401, 4401]);
    expect((await fetch(`${b}/api/notifications/unseen`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const login = await fetch(`${b}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'jason.tan@example.org', password: 'Synergy!2026' }),
    });
    expect(login.status).toBe(403);
    expect(((await login.json()) as { error: { code: string } }).error.code).toBe('ACCOUNT_DISABLED');
    expect((await put(false)).status).toBe(200);
    expect(await loginAt(b, 'jason.tan@example.org')).toEqual(expect.any(String));
  });

  it('a sign-out on instance A refuses the token on A at once and on B once B has heard (the read caches follow NOTIFY)', async () => {
    const [a, b] = servers.map((s) => `http://127.0.0.1:${s.port}`) as [string, string];
    for (let round = 0; round < 5; round++) {
      const token = await loginAt(a, 'member@example.com');
      const unseen = (base: string) => fetch(`${base}/api/notifications/unseen`, { headers: { authorization: `Bearer ${token}` } });
      // Both instances have read (and may keep) the token's state.
      expect((await unseen(a)).status).toBe(200);
      expect((await unseen(b)).status).toBe(200);
      expect((await unseen(b)).status).toBe(200);
      const out = await fetch(`${a}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(out.status).toBeLessThan(300);
      // A mutation answers only after its instance dropped what it changed.
      expect((await unseen(a)).status).toBe(401);
      // B learns by NOTIFY; sync() waits until B has applied everything committed before it.
      await servers[1]!.deps.caches.sync();
      expect((await unseen(b)).status).toBe(401);
    }
  });

  it('a password change or sign-out on instance A is refused on B as soon as A has answered, even while B hears late', async () => {
    const [a, b] = servers.map((s) => `http://127.0.0.1:${s.port}`) as [string, string];
    const B = servers[1]!;
    // Instance B hears its cache invalidations 300 ms late (a busy event loop, a slow network): B's old cache bus
    // makes way for one whose notifications are delayed.
    const late: PubSub = {
      publish: (channel, payload) => B.deps.database.pubsub.publish(channel, payload),
      subscribe: (channel, onMessage, onListen) =>
        B.deps.database.pubsub.subscribe(channel, (payload) => void setTimeout(() => onMessage(payload), 300), onListen),
    };
    const original = B.deps.caches;
    await original.stop();
    B.deps.caches = createCacheBus({
      pubsub: late,
      logger: B.deps.logger,
      kind: 'postgres',
      instance: { name: B.deps.database.listenerName, listeners: () => B.deps.database.listeners() },
    });
    await B.deps.caches.start();
    try {
      for (let round = 0; round < 3; round++) {
        const token = await loginAt(a, 'member@example.com');
        const unseen = (base: string, t = token) => fetch(`${base}/api/notifications/unseen`, { headers: { authorization: `Bearer ${t}` } });
        expect((await unseen(b)).status).toBe(200);
        expect((await unseen(b)).status).toBe(200);
        const out = await fetch(`${a}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
        expect(out.status).toBeLessThan(300);
        expect((await unseen(b)).status).toBe(401);
      }
      const token = await loginAt(a, 'member@example.com');
      const bearer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      expect((await fetch(`${b}/api/notifications/unseen`, { headers: bearer })).status).toBe(200);
      const changed = await fetch(`${a}/api/users/change-password`, {
        method: 'POST',
        headers: bearer,
        body: JSON.stringify({ current_password: 'Synergy!2026', new_password: 'Synergy!2026-changed' }),
      });
      expect(changed.status).toBeLessThan(300);
      expect((await fetch(`${b}/api/notifications/unseen`, { headers: bearer })).status).toBe(401);
    } finally {
      await B.deps.caches.stop();
      B.deps.caches = original;
      await original.start();
    }
  });
});
