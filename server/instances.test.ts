// Two server instances on one Postgres act as one: a chat message sent through instance A reaches a socket
// held by instance B (and a notification raised on A reaches B's socket), through LISTEN/NOTIFY.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../shared/ws-events';
import { startServer, type RunningServer } from './boot';
import type { Database } from './db/client';
import { loadEnv } from './env';
import { createTestDatabase } from './test/db';
import { loginAt } from './test/server-process';

const pg = !!process.env.TEST_DATABASE_URL;
let database: Database;
const servers: RunningServer[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'synergy-instances-'));

beforeAll(async () => {
  if (!pg) return;
  database = await createTestDatabase();
  const env = (n: string) =>
    loadEnv({ DATABASE_URL: database.url!, SEED_DEMO: 'true', DATA_DIR: path.join(dataDir, n), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', NODE_ENV: 'test', JWT_SECRET: 'instances-test-secret-long-enough-for-hs256' });
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

describe.skipIf(!pg)('two instances on one Postgres', () => {
  it('delivers a message sent through instance A to a socket on instance B, with the unread counter', async () => {
    const [a, b] = servers.map((s) => `http://127.0.0.1:${s.port}`) as [string, string];
    const provider = await loginAt(a, 'manager@example.com');
    const requester = await loginAt(b, 'anders.kjaer@example.org');
    const onB = await socket(servers[1]!.port, requester);
    const chats = (await (await fetch(`${a}/api/chats`, { headers: { authorization: `Bearer ${provider}` } })).json()) as { items: { id: number; read_only: boolean }[] };
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

  it('delivers a notification raised on instance A to its recipient socket on instance B', async () => {
    const [a] = servers.map((s) => `http://127.0.0.1:${s.port}`) as [string, string];
    const buyer = await loginAt(a, 'felix.brandt@example.org');
    const seller = await loginAt(`http://127.0.0.1:${servers[1]!.port}`, 'manager@example.com');
    const onB = await socket(servers[1]!.port, seller);
    const listings = (await (await fetch(`${a}/api/v2/materials/offerings`, { headers: { authorization: `Bearer ${seller}` } })).json()) as { items: { id: number; title: string; status: string }[] };
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
});
