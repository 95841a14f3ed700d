// SIGTERM under load: /readyz fails at once, the listener closes after the drain delay, sockets close with
// 1001 (clients reconnect elsewhere), a request in flight finishes and its write is kept, and a request that
// outlives the shutdown timeout is cut. A real server in a child process, on PGlite or on Postgres.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from './db/client';
import { createTestDatabase } from './test/db';
import { loginAt, startServerProcess, type ServerProcess } from './test/server-process';
import { onPostgres } from './test/postgres';

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const s of running) await s.kill().catch(() => {});
  for (const c of cleanups) await c();
});

async function serverEnv(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'synergy-shutdown-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir, SHUTDOWN_DELAY_SECONDS: '1', SHUTDOWN_TIMEOUT_SECONDS: '4', RATE_LIMIT_SCALE: '1000' };
  if (onPostgres) {
    const database: Database = await createTestDatabase();
    cleanups.push(() => database.close());
    Object.assign(env, { DATABASE_URL: database.url!, SEED_DEMO: 'true', JWT_SECRET: 'shutdown-test-secret-that-is-long-enough' });
  }
  return env;
}

/** A POST whose body is sent in two parts; the caller decides when the second part goes. */
function slowPost(base: string, pathname: string, token: string, body: string) {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const req = http.request(`${base}${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(bytes.length) },
  });
  const response = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      res.on('error', (err) => resolve({ error: err.message }));
    });
    req.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
  });
  req.write(bytes.subarray(0, half));
  return { finish: () => req.end(bytes.subarray(half)), response };
}

const get = (url: string) =>
  new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    http
      .get(url, { agent: false }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      })
      .on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
  });

describe('graceful shutdown under load', () => {
  it('drains: readiness fails, sockets close with 1001, the request in flight completes and is kept, a stuck one is cut', async () => {
    const env = await serverEnv();
    const server = await startServerProcess(env);
    running.push(server);
    const token = await loginAt(server.base, 'manager@example.com');
    const chats = (await (await fetch(`${server.base}/api/chats`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      items: { id: number; read_only: boolean }[];
    };
    const chat = chats.items.find((c) => !c.read_only)!;
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${encodeURIComponent(token)}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const wsClosed = new Promise<{ code: number; at: number }>((resolve) => ws.once('close', (code) => resolve({ code, at: Date.now() })));

    const text = `Sent while the server drains ${Date.now()}`;
    const inFlight = slowPost(server.base, `/api/chats/${chat.id}/messages`, token, JSON.stringify({ message: text }));
    const stuck = slowPost(server.base, `/api/chats/${chat.id}/messages`, token, JSON.stringify({ message: 'never finished' }));
    await new Promise((r) => setTimeout(r, 200));

    const termAt = Date.now();
    server.child.kill('SIGTERM');
    // During the drain delay the listener still answers: readiness fails, liveness holds.
    let ready: Awaited<ReturnType<typeof get>> = { error: 'not asked' };
    for (let i = 0; i < 20; i++) {
      ready = await get(`${server.base}/readyz`);
      if ('status' in ready && ready.status === 503) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(ready).toEqual({ status: 503, body: JSON.stringify({ status: 'draining' }) });
    expect(await get(`${server.base}/healthz`)).toMatchObject({ status: 200 });

    // After the delay: the socket is told "going away", and new connections are refused.
    const closed = await wsClosed;
    expect(closed.code).toBe(1001);
    expect(closed.at - termAt).toBeGreaterThanOrEqual(900);
    expect(await get(`${server.base}/healthz`)).toEqual({ error: 'ECONNREFUSED' });

    // The request that was in flight finishes normally.
    inFlight.finish();
    const answer = await inFlight.response;
    expect(answer).toMatchObject({ status: 201 });
    const sent = JSON.parse((answer as { body: string }).body) as { id: number };

    // The one that never finishes is cut at the timeout, and the process exits cleanly.
    expect(await stuck.response).toMatchObject({ error: expect.stringMatching(/ECONNRESET|socket hang up/) });
    expect(await server.exited).toBe(0);
    const messages = server.logs.map((l) => l.msg);
    expect(messages).toEqual(expect.arrayContaining(['draining', 'requests still running at the shutdown timeout were cut', 'stopped']));

    // The acknowledged write is there after a restart.
    const again = await startServerProcess(env);
    running.push(again);
    const reader = await loginAt(again.base, 'anders.kjaer@example.org');
    const read = (await (await fetch(`${again.base}/api/chats/${chat.id}`, { headers: { authorization: `Bearer ${reader}` } })).json()) as {
      items: { id: number; body: string }[];
    };
    expect(read.items).toContainEqual(expect.objectContaining({ id: sent.id, body: text }));
    expect(read.items.map((m) => m.body)).not.toContain('never finished');
    await again.stop();
  }, 240_000);
});
