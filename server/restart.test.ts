// "Nothing they send is ever lost": a chat message the server acknowledged is there after the server
// process is killed (SIGKILL, no shutdown) and started again, on the embedded database and on Postgres.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

const json = async (res: Response) => ({
  status: res.status,
  body: (await res.json()) as Record<string, unknown> & { items: Record<string, unknown>[] },
});

async function sendThenKillThenRead(env: Record<string, string>) {
  const a = await startServerProcess(env);
  running.push(a);
  const provider = await loginAt(a.base, 'manager@example.com');
  const chats = await json(await fetch(`${a.base}/api/chats`, { headers: { authorization: `Bearer ${provider}` } }));
  const open = chats.body.items.find((c) => c.read_only === false)!;
  const text = `Acknowledged before the crash ${Date.now()}`;
  const sent = await json(
    await fetch(`${a.base}/api/chats/${open.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: text }),
    }),
  );
  expect(sent.status).toBe(201);
  const started = Date.now();
  await a.kill();
  const b = await startServerProcess(env);
  running.push(b);
  const restartMs = Date.now() - started;
  // The other company reads it on the restarted server.
  const requester = await loginAt(b.base, 'anders.kjaer@example.org');
  const read = await json(await fetch(`${b.base}/api/chats/${open.id}`, { headers: { authorization: `Bearer ${requester}` } }));
  expect(read.status).toBe(200);
  expect(read.body.items.map((m) => m.id)).toContain(sent.body.id);
  expect(read.body.items.at(-1)).toMatchObject({ body: text });
  await b.stop();
  return restartMs;
}

describe('a chat message survives a server crash between send and read', () => {
  it('on the embedded database (kill -9, restart on the same data directory)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'synergy-restart-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const ms = await sendThenKillThenRead({ DATA_DIR: dataDir });
    console.log(`restart (embedded): killed and serving again in ${ms} ms, message kept`);
  }, 240_000);

  it.skipIf(!onPostgres)(
    'on Postgres (kill -9, restart on the same database)',
    async () => {
      const database: Database = await createTestDatabase();
      cleanups.push(() => database.close());
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'synergy-restart-pg-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const ms = await sendThenKillThenRead({
        DATABASE_URL: database.url!,
        SEED_DEMO: 'true',
        DATA_DIR: dataDir,
        JWT_SECRET: 'restart-test-secret-that-is-long-enough',
      });
      console.log(`restart (Postgres): killed and serving again in ${ms} ms, message kept`);
    },
    240_000,
  );
});
