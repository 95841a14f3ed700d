// The `npm start` path end to end: empty embedded database → migrations, reference and demo data,
// HTTP + WebSocket on one port, demo accounts, graceful shutdown.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type RunningServer } from './boot';
import { loadEnv } from './env';

let server: RunningServer;
let base: string;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'synergy-boot-'));

beforeAll(async () => {
  server = await startServer(loadEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', NODE_ENV: 'test' }));
  base = `http://127.0.0.1:${server.port}`;
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (p: string, body: unknown) =>
  fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('embedded start with demo data', () => {
  it('is ready on /readyz with the embedded database', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(await res.json()).toEqual({ status: 'ready', database: 'pglite' });
  });

  it('logs in every demo account with the default demo password', async () => {
    for (const [email, role] of [
      ['admin@example.com', 'ADMIN'],
      ['manager@example.com', 'MANAGER'],
      ['member@example.com', 'MEMBER'],
    ] as const) {
      const res = await post('/api/auth/login', { username: email, password: 'Synergy!2026' });
      expect(res.status, email).toBe(200);
      expect((await res.json()).user.role).toBe(role);
    }
    const driver = await post('/api/common/driver/login', { email: 'driver@example.com', phone: '+45 12 34 56 78' });
    expect(driver.status).toBe(200);
    expect((await driver.json()).success).toBe(true);
  });

  it('answers admin/companies 401, 403 and {items} as the issue says', async () => {
    expect((await fetch(`${base}/admin/companies`)).status).toBe(401);
    const member = (await (await post('/api/auth/login', { username: 'member@example.com', password: 'Synergy!2026' })).json()).token;
    expect((await fetch(`${base}/admin/companies`, { headers: { authorization: `Bearer ${member}` } })).status).toBe(403);
    const admin = (await (await post('/api/auth/login', { username: 'admin@example.com', password: 'Synergy!2026' })).json()).token;
    const res = await fetch(`${base}/admin/companies?is_parent_company=true`, { headers: { authorization: `Bearer ${admin}` } });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.items.length).toBeGreaterThanOrEqual(1);
    expect(body.items.every((c: { is_parent_company: boolean }) => c.is_parent_company)).toBe(true);
  });

  it('has a believable marketplace: companies in four or more signup countries, listings of all four categories', async () => {
    const admin = (await (await post('/api/auth/login', { username: 'admin@example.com', password: 'Synergy!2026' })).json()).token;
    const companies = (await (await fetch(`${base}/admin/companies`, { headers: { authorization: `Bearer ${admin}` } })).json()).items as {
      country: string;
    }[];
    expect(new Set(companies.map((c) => c.country)).size).toBeGreaterThanOrEqual(4);
    const { db } = server.deps;
    const listings = await db.query.materials.findMany({ columns: { category: true } });
    expect(new Set(listings.map((l) => l.category))).toEqual(new Set(['by-product', 'surplus', 'waste', 'knowledge']));
  });

  it('shows the demo company the whole exchange loop: offers both ways, synergies running and rated, chats with history, notifications', async () => {
    const token = (await (await post('/api/auth/login', { username: 'manager@example.com', password: 'Synergy!2026' })).json()).token;
    const get = async (p: string) => (await fetch(base + p, { headers: { authorization: `Bearer ${token}` } })).json();
    const received = await get('/api/offers?direction=received');
    const made = await get('/api/offers?direction=made');
    expect(received.items.some((o: { status: string }) => o.status === 'pending')).toBe(true);
    expect(received.items.some((o: { status: string }) => o.status === 'rejected')).toBe(true);
    expect(made.items.some((o: { status: string }) => ['pending', 'countered'].includes(o.status))).toBe(true);
    const synergies = await get('/api/exchanges');
    const levels = new Set(synergies.items.map((x: { level_of_completion: string }) => x.level_of_completion));
    expect(levels).toEqual(new Set(['IN_PROGRESS', 'COMPLETED']));
    expect(synergies.items.some((x: { ratings: unknown[]; impact: unknown }) => x.ratings.length === 2 && x.impact !== null)).toBe(true);
    const chats = await get('/api/chats');
    expect(chats.items.length).toBeGreaterThanOrEqual(3);
    expect(chats.items.some((c: { unread: number; read_only: boolean }) => c.unread > 0 && !c.read_only)).toBe(true);
    expect(chats.items.every((c: { last_message: unknown }) => c.last_message !== null)).toBe(true);
    const notes = await get('/api/notifications');
    expect(notes.items.length).toBeGreaterThanOrEqual(4);
    expect(notes.items.every((n: { code: string }) => n.code !== 'notification.text')).toBe(true);
  });

  it('accepts a WebSocket with a valid token and refuses one without', async () => {
    const token = (await (await post('/api/auth/login', { username: 'member@example.com', password: 'Synergy!2026' })).json()).token;
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${encodeURIComponent(token)}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    // Asking for the counters answers the message and offer dots; asking for the list answers the bell's first
    // page and its dot, all from the database.
    const frames: { event: string; data: { count?: number; items?: unknown[] } }[] = [];
    const got = new Promise<void>((resolve) =>
      ws.on('message', (raw) => {
        frames.push(JSON.parse(String(raw)));
        if (frames.length === 4) resolve();
      }),
    );
    ws.send(JSON.stringify({ event: 'newMessagesNumber', data: {} }));
    ws.send(JSON.stringify({ event: 'listNotifications', data: {} }));
    await got;
    expect(frames.map((f) => f.event).sort()).toEqual(['listNotifications', 'newMessagesNumber', 'notificationsUnseen', 'pendingOffersNumber']);
    for (const f of frames) {
      if (f.event === 'listNotifications') expect(Array.isArray(f.data.items)).toBe(true);
      else expect(Number.isInteger(f.data.count)).toBe(true);
    }
    ws.close();
    const refused = new WebSocket(`ws://127.0.0.1:${server.port}/ws`);
    const status = await new Promise<number>((resolve) => {
      refused.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      refused.once('error', () => resolve(-1));
    });
    expect(status).toBe(401);
  });
});
