// Capacity of one instance for WebSockets (docs/capacity.md): memory per open socket, how fast sockets
// connect, how long one event takes to reach every socket, and an authenticated read's throughput with the
// sockets open. One server in a child process on a scratch Postgres database; clients in this process.
//
//   node --import tsx scripts/bench/sockets.ts --sockets 5000 --per-user 2
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import postgres from 'postgres';
import WebSocket from 'ws';
import { openPostgres } from '../../server/db/client';
import { createTokenService } from '../../server/lib/tokens';
import { createCompanyWithUsers } from '../../server/test/factories';
import { startServerProcess } from '../../server/test/server-process';
import { DEFAULT_CHANNEL, encodeNotifications } from '../../server/ws/hub';
import { arg, BENCH_ADMIN_URL, benchServerEnv, benchUrl } from './common';
import { runMain } from '../cli';
import { AUTOCANNON_BIN } from './tools';

const SOCKETS = Number(arg('sockets', '5000'));
const PER_USER = Number(arg('per-user', '2'));
const DB = arg('db', 'synergy_bench_sockets');
const SECRET = 'bench-sockets-secret-that-is-long-enough-0123456789';

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function heapMiB(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)![1]) / 2 ** 20;
}

/** The lowest RSS and heap over a few seconds: garbage comes and goes, what the sockets hold stays. */
async function settled(pid: number, base: string): Promise<{ rss: number; heap: number }> {
  let rss = Infinity;
  let heap = Infinity;
  for (let i = 0; i < 10; i++) {
    await sleep(500);
    rss = Math.min(rss, rssMiB(pid));
    heap = Math.min(heap, await heapMiB(base));
  }
  return { rss, heap };
}

async function main() {
  const admin = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB} with (force)`);
  await admin.unsafe(`create database ${DB}`);
  const url = benchUrl(DB);

  // Logging as in production (a JSON line per request), so the throughput figure includes it.
  const server = await startServerProcess(benchServerEnv(url, SECRET, `/tmp/${DB}`));
  const pid = server.child.pid!;
  const db = await openPostgres(url, { max: 4 });

  const users = Math.ceil(SOCKETS / PER_USER);
  let t = performance.now();
  const userIds: { id: number; company_id: number; role: 'MANAGER' | 'MEMBER' }[] = [];
  while (userIds.length < users) {
    const { manager, member } = await createCompanyWithUsers(db.db);
    userIds.push(
      { id: manager.id, company_id: manager.company_id!, role: 'MANAGER' },
      { id: member.id, company_id: member.company_id!, role: 'MEMBER' },
    );
  }
  userIds.length = users;
  console.log(`${users} users in ${Math.round(performance.now() - t)} ms`);
  const tokens = createTokenService(SECRET);
  const tokenOf = userIds.map((u) => tokens.signUser({ sub: String(u.id), role: u.role, company_id: u.company_id, tv: 0 }, 3600));

  const rows: string[] = [];
  const sockets: { ws: WebSocket; got: number }[] = [];
  const ws = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const s = { ws: new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${tokenOf[i % users]}`), got: 0 };
      s.ws.on('message', () => s.got++);
      s.ws.once('open', () => {
        sockets.push(s);
        resolve();
      });
      s.ws.once('error', reject);
    });
  let opened = 0;
  let connectMs = 0;
  const openUpTo = async (mark: number) => {
    const started = performance.now();
    while (opened < mark) {
      const batch = Math.min(100, mark - opened);
      await Promise.all(Array.from({ length: batch }, (_, k) => ws(opened + k)));
      opened += batch;
    }
    connectMs += performance.now() - started;
  };
  // Warm up the upgrade path (code compiled, pools open) before the baseline.
  await openUpTo(200);
  const base = await settled(pid, server.base);
  rows.push(`| ${opened} | ${base.rss.toFixed(0)} | ${base.heap.toFixed(1)} | — | — |`);
  const marks = [2500, 5000, 10_000, SOCKETS].filter((m, i, a) => m <= SOCKETS && a.indexOf(m) === i);
  for (const mark of marks) {
    await openUpTo(mark);
    const now = await settled(pid, server.base);
    const added = mark - 200;
    rows.push(
      `| ${mark} | ${now.rss.toFixed(0)} | ${now.heap.toFixed(1)} | ${(((now.rss - base.rss) * 1024) / added).toFixed(1)} | ${(((now.heap - base.heap) * 1024) / added).toFixed(1)} |`,
    );
  }
  console.log(`\nOne instance, ${PER_USER} sockets per user, Node ${process.version}:\n`);
  console.log('| open sockets | server RSS MiB | heap used MiB | RSS KiB per added socket | heap KiB per added socket |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log(`\nconnect rate: ${Math.round((opened / connectMs) * 1000)} upgrades/s (token check + user lookup each, 100 at a time)`);

  // Fan-out: one event to every user, as a new-listing notification or a platform announcement would be.
  const raw = postgres(url, { max: 1, onnotice: () => {} });
  const fanout: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const s of sockets) s.got = 0;
    const messages = encodeNotifications(
      userIds.map((u) => u.id),
      'resync',
      { event: 'notificationsUnseen' },
    ).messages;
    t = performance.now();
    for (const m of messages) await raw`select pg_notify(${DEFAULT_CHANNEL}, ${m})`;
    while (sockets.some((s) => s.got === 0)) await sleep(2);
    fanout.push(performance.now() - t);
    await sleep(500);
  }
  console.log(
    `fan-out of one event to all ${sockets.length} sockets (${users} users): median ${median(fanout).toFixed(0)} ms (5 rounds: ${fanout.map((f) => f.toFixed(0)).join(', ')})`,
  );

  // An authenticated read (the notification counter every screen asks for) at full speed, sockets open.
  const autocannon = spawn(
    AUTOCANNON_BIN,
    ['-j', '-c', '16', '-d', '10', '-H', `authorization=Bearer ${tokenOf[0]}`, `${server.base}/api/notifications/unseen`],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let out = '';
  autocannon.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((r) => autocannon.once('exit', r));
  const result = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number };
  console.log(
    `authenticated read (GET /api/notifications/unseen, 16 connections, 10 s): ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
  );

  for (const s of sockets) s.ws.terminate();
  await raw.end();
  await db.close();
  await server.stop();
  await admin.unsafe(`drop database if exists ${DB} with (force)`);
  await admin.end();
}

runMain(main);
