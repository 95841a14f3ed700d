// Three app instances (child processes) on one Postgres, files in an S3-compatible bucket (s3rver), mail to a
// local SMTP sink, behind a round-robin HTTP + WebSocket proxy: the product works whichever instance a request
// lands on, scheduled jobs run once per period across the three, and killing one instance loses no
// acknowledged write while its sockets reconnect to the others. Needs Postgres (TEST_DATABASE_URL): PGlite
// is one process's embedded database and cannot be shared by three.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../shared/ws-events';
import type { Database } from './db/client';
import { RECURRING_JOBS } from './jobs';
import { createTestDatabase } from './test/db';
import { tinyPng } from './test/png';
import { startRoundRobinProxy, type RoundRobinProxy } from './test/proxy';
import { hasTestS3, startTestS3, type TestS3 } from './test/s3';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { startSmtpSink, type SmtpSink } from './test/smtp-sink';
import { until } from './test/poll';
import { onPostgres } from './test/postgres';

if (!onPostgres) console.log('cluster.test.ts skipped: three instances need a shared Postgres; set TEST_DATABASE_URL (PGlite is one process only)');

/** Every recurring job runs every second here, so a few seconds show many periods. */
const JOB_NAMES = RECURRING_JOBS.map((j) => j.spec.type);
const PERIOD_SECONDS = 1;

let database: Database;
let s3: TestS3;
let smtp: SmtpSink;
let proxy: RoundRobinProxy;
const instances: ServerProcess[] = [];
let clusterUpAt = 0;
const dataDirs: string[] = [];

beforeAll(async () => {
  if (!onPostgres || !hasTestS3) return;
  [database, s3, smtp] = await Promise.all([createTestDatabase(), startTestS3(), startSmtpSink()]);
  const env = {
    DATABASE_URL: database.url!,
    SEED_DEMO: 'true',
    JWT_SECRET: 'cluster-test-secret-that-is-long-enough-for-hs256',
    RATE_LIMIT_SCALE: '1000',
    SMTP_URL: smtp.url,
    JOB_SCHEDULE: JOB_NAMES.map((n) => `${n}=${PERIOD_SECONDS}`).join(','),
    DATABASE_POOL_SIZE: '4',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...s3.env,
  };
  const dir = (n: number) => {
    const d = mkdtempSync(path.join(os.tmpdir(), `synergy-cluster-${n}-`));
    dataDirs.push(d);
    return { DATA_DIR: d };
  };
  // All three at once: they take turns to migrate and seed the demo data (the start-up lock).
  instances.push(...(await Promise.all([1, 2, 3].map((n) => startServerProcess({ ...env, ...dir(n) })))));
  proxy = await startRoundRobinProxy(instances.map((i) => i.port));
  clusterUpAt = Date.now();
}, 180_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(instances.map((i) => i.stop().catch(() => {})));
  await Promise.all([database?.close(), s3?.close(), smtp?.close()]);
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
async function call(base: string, method: string, pathname: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, upstream: res.headers.get('x-upstream'), body: (text ? JSON.parse(text) : null) as Json & { items: Json[] } };
}

async function login(base: string, username: string) {
  const res = await call(base, 'POST', '/api/auth/login', undefined, { username, password: 'Synergy!2026' });
  expect(res.status).toBe(200);
  return { token: res.body.token as string, user_id: (res.body.user as { id: number }).id, upstream: res.upstream };
}

/** A socket like the browser's: collects frames, and can be reopened after it drops. */
async function socket(base: string, token: string, probe: string) {
  const frames: ServerFrame[] = [];
  const open = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}&probe=${probe}`);
      ws.on('message', (raw) => {
        const parsed = JSON.parse(String(raw)) as ServerFrame | ServerFrame[];
        frames.push(...(Array.isArray(parsed) ? parsed : [parsed]));
      });
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  const s = { ws: await open(), frames, reopen: async () => (s.ws = await open()) };
  return s;
}

const frameWith = (frames: ServerFrame[], event: string, pred: (d: Json) => boolean = () => true) =>
  frames.find((f) => f.event === event && pred(f.data as Json));

describe.skipIf(!onPostgres || !hasTestS3)('three instances behind a round-robin proxy, one Postgres, one bucket', () => {
  it('logs in through any instance and the token works on every instance', async () => {
    const sessions = [];
    for (let i = 0; i < 3; i++) sessions.push(await login(proxy.base, 'member@example.com'));
    expect(new Set(sessions.map((s) => s.upstream)).size).toBe(3);
    for (const s of sessions)
      for (const instance of instances) expect((await call(instance.base, 'GET', '/api/notifications/unseen', s.token)).status).toBe(200);
  });

  it('stores an upload in the bucket through one instance and every instance serves it', async () => {
    const provider = await login(proxy.base, 'manager@example.com');
    const chat = (await call(proxy.base, 'GET', '/api/chats', provider.token)).body.items.find((c) => c.read_only === false)!;
    const png = tinyPng();
    const sent = await call(proxy.base, 'POST', `/api/chats/${chat.id}/messages`, provider.token, {
      message: 'Photo of the pallets',
      attachments: [{ name: 'pallets.png', body: `data:image/png;base64,${png.toString('base64')}` }],
    });
    expect(sent.status).toBe(201);
    const url = (sent.body.attachments as { url: string }[])[0]!.url;
    for (const instance of instances) {
      const res = await fetch(`${instance.base}${url}`, { headers: { authorization: `Bearer ${provider.token}` } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
    }
    // Nothing went to any instance's disk.
    for (const d of dataDirs) expect(existsSync(path.join(d, 'uploads'))).toBe(false);
  });

  it('delivers chat messages and their counters to sockets on whichever instances hold them', async () => {
    const provider = await login(proxy.base, 'manager@example.com');
    const requester = await login(proxy.base, 'anders.kjaer@example.org');
    const a = await socket(proxy.base, provider.token, 'chat-provider');
    const b = await socket(proxy.base, requester.token, 'chat-requester');
    expect(proxy.socketUpstream.get('chat-provider')).not.toBe(proxy.socketUpstream.get('chat-requester'));
    const chat = (await call(proxy.base, 'GET', '/api/chats', provider.token)).body.items.find((c) => c.read_only === false)!;
    const text = `Through the proxy ${Date.now()}`;
    expect((await call(proxy.base, 'POST', `/api/chats/${chat.id}/messages`, provider.token, { message: text })).status).toBe(201);
    await until(
      'the message on both sockets',
      () => frameWith(a.frames, 'message', (d) => d.body === text) && frameWith(b.frames, 'message', (d) => d.body === text),
    );
    await until("the requester's unread counter", () => frameWith(b.frames, 'newMessagesNumber'));
    a.ws.close();
    b.ws.close();
  });

  it('delivers a notification raised on instance 1 to the socket on instance 3', async () => {
    const [one, , three] = instances as [ServerProcess, ServerProcess, ServerProcess];
    const buyer = await login(one.base, 'felix.brandt@example.org');
    const seller = await login(three.base, 'manager@example.com');
    const onThree = await socket(three.base, seller.token, 'direct-three');
    const listings = await call(one.base, 'GET', '/api/v2/materials/offerings', seller.token);
    const listing = listings.body.items.find((l) => l.status === 'active' && /crates/i.test(String(l.title)))!;
    const offer = await call(one.base, 'POST', '/api/offers', buyer.token, {
      material_id: listing.id,
      quantity: 100,
      message: 'Raised on instance 1',
    });
    expect(offer.status).toBe(201);
    const note = await until('newNotification on instance 3', () => frameWith(onThree.frames, 'newNotification'));
    expect(note.data).toMatchObject({ code: 'notification.offerReceived', link: '/pending-offers' });
    onThree.ws.close();
  });

  it('loses no acknowledged write when an instance is killed, and its sockets reconnect to the others', async () => {
    const provider = await login(proxy.base, 'manager@example.com');
    const requester = await login(proxy.base, 'anders.kjaer@example.org');
    // Three sockets opened one after another land on the three instances.
    const sockets = [];
    for (let i = 0; i < 3; i++) sockets.push(await socket(proxy.base, requester.token, `kill-${i}`));
    const ports = sockets.map((_, i) => proxy.socketUpstream.get(`kill-${i}`)!);
    expect(new Set(ports).size).toBe(3);
    const victim = instances[1]!;
    const onVictim = sockets[ports.indexOf(victim.port)]!;
    const dropped = new Promise<number>((resolve) => onVictim.ws.once('close', (code) => resolve(code)));

    const chat = (await call(proxy.base, 'GET', '/api/chats', provider.token)).body.items.find((c) => c.read_only === false)!;
    const acknowledged: number[] = [];
    const refused: number[] = [];
    // Four writers at once, so that writes are in flight on the instance when it dies.
    let killedAt = 0;
    let killing: Promise<void> | null = null;
    const writer = async (w: number) => {
      for (let i = 0; i < 30; i++) {
        const res = await call(proxy.base, 'POST', `/api/chats/${chat.id}/messages`, provider.token, { message: `writer ${w} write ${i}` }).catch(
          () => null,
        );
        if (res?.status === 201) acknowledged.push(res.body.id as number);
        else refused.push(res?.status ?? 0);
        if (acknowledged.length >= 30 && !killing) {
          killedAt = Date.now();
          killing = victim.kill();
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    await killing;
    expect(killedAt).toBeGreaterThan(0);
    // Only writes in flight on the dying instance can fail (at most one per writer, and a pooled proxy connection).
    expect(acknowledged.length).toBeGreaterThanOrEqual(110);
    // Every acknowledged write is in the database, read through the survivors.
    const ids = new Set<number>();
    let before: number | undefined;
    for (;;) {
      const page = await call(proxy.base, 'GET', `/api/chats/${chat.id}?size=100${before ? `&before=${before}` : ''}`, requester.token);
      expect(page.status).toBe(200);
      for (const m of page.body.items) ids.add(m.id as number);
      if (!page.body.has_more || page.body.items.length === 0) break;
      before = page.body.items[0]!.id as number;
    }
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    console.log(
      `cluster: ${acknowledged.length} writes acknowledged, ${refused.length} refused (${refused.join(',')}) around the kill; all acknowledged kept`,
    );

    // The killed instance's socket dropped; reconnecting through the proxy reaches a survivor.
    expect(await dropped).not.toBe(1000);
    await onVictim.reopen();
    expect(proxy.socketUpstream.get(`kill-${ports.indexOf(victim.port)}`)).not.toBe(victim.port);
    const text = `After the kill ${Date.now()}`;
    expect((await call(proxy.base, 'POST', `/api/chats/${chat.id}/messages`, provider.token, { message: text })).status).toBe(201);
    for (const s of sockets) await until('the message on every socket', () => frameWith(s.frames, 'message', (d) => d.body === text));
    for (const s of sockets) s.ws.close();
  });

  it('runs each scheduled job once per period across the instances, and sends each queued mail once', async () => {
    const admin = await login(proxy.base, 'admin@example.com');
    const member = await login(proxy.base, 'member@example.com');
    for (let i = 0; i < 6; i++) expect((await call(proxy.base, 'POST', `/admin/users/${member.user_id}/reset-link`, admin.token)).status).toBe(201);
    // Every queued mail leaves the outbox.
    const survivor = instances[0]!;
    let lastScrape: string | null = null;
    await until(
      'the outbox to be sent',
      () => {
        // Scrapes still in flight when the instances stop are cut: only the answers matter here.
        void fetch(`${survivor.base}/metrics`)
          .then((r) => r.text())
          .then((t) => (lastScrape = t))
          .catch(() => {});
        return lastScrape !== null && /^synergy_mail_outbox_queued 0$/m.test(lastScrape) && smtp.messages.length > 0;
      },
      20_000,
    );
    // What the survivor exports: its sockets' frames and the periods it found already enqueued by another instance.
    expect(lastScrape).toMatch(/^synergy_ws_frames_sent_total [1-9]\d*$/m);
    expect(lastScrape).toMatch(/^synergy_job_runs_total\{job="expire-subscriptions",outcome="done"\} [1-9]\d*$/m);
    expect(lastScrape).toMatch(/^synergy_db_pool_max 4$/m);
    const resetMails = smtp.messages.filter((m) => m.to.includes('member@example.com') && /reset/i.test(m.data));
    expect(resetMails).toHaveLength(6);
    expect(new Set(smtp.messages.map((m) => m.data)).size).toBe(smtp.messages.length);

    // The logs of all three: one run per job and period, whoever ran it.
    const window = (Date.now() - clusterUpAt) / 1000;
    for (const name of JOB_NAMES) {
      const runs = instances.flatMap((instance, i) =>
        instance.logs.filter((l) => l.msg === 'job ran' && l.job === name).map((l) => ({ period: l.period as string, instance: i })),
      );
      const periods = runs.map((r) => r.period);
      expect(new Set(periods).size, `${name}: a period ran twice`).toBe(periods.length);
      expect(periods.length, `${name}: too few periods ran`).toBeGreaterThanOrEqual(Math.floor((window / PERIOD_SECONDS) * 0.6));
      const by = [0, 1, 2].map((i) => runs.filter((r) => r.instance === i).length);
      console.log(`cluster: ${name} ran ${periods.length} periods in ${window.toFixed(0)} s, by instance ${by.join('/')}`);
    }
  });
});
