// Crash script: the real server in a child process under a mixed write load through
// the public API, killed with SIGKILL at random moments and started again, N times. Every write the server
// acknowledged (a 2xx answer) is recorded; at the end each one must be there. Also measures the restart time
// (spawn of the process to its first healthy answer) and, on the embedded database, proves that a second
// process on the same data directory is refused while the first one runs.
//
//   node --import tsx scripts/reliability/crash.ts [--db embedded|postgres] [--cycles 20]
//
// Embedded: a data directory under /tmp/crash-*. Postgres: a scratch database on RELIABILITY_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end. Exit code 1 when a write was lost,
// a second opener was not refused, or a restart took 5 s or more.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { ServerProcess } from '../../server/test/server-process';
import { arg, createTarget, fmtMs, freePort, load1, percentile, sleep, startHealthy } from './common';
import { runMain } from '../cli';

const DB = arg('db', 'embedded');
const CYCLES = Number(arg('cycles', '20'));
/**
 * Each kill comes at a random moment once a random number of writes (this range) has been acknowledged since
 * the restart, so every cycle kills the server under load however slow a shared machine makes it; at most
 * LOAD_MAX_MS of load per cycle.
 */
const WRITES_MIN = 10;
const WRITES_MAX = 80;
const LOAD_MAX_MS = 20_000;
const RESTART_TARGET_MS = 5000;
const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Synergy!2026';

type Json = Record<string, unknown> & { items: Json[] };
type Kind = 'listing.create' | 'listing.edit' | 'offer.create' | 'chat.send' | 'notifications.read';
const KINDS: Kind[] = ['listing.create', 'listing.edit', 'offer.create', 'chat.send', 'notifications.read'];

// ---- the server and its restarts ---------------------------------------------------------------------------

let server: ServerProcess;
/** Workers wait on this while the server is down. */
let gate: Promise<void> = Promise.resolve();
let running = true;

/** One API call. `null`: no answer (the server died under it or was down): not acknowledged. */
async function call(token: string, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json } | null> {
  await gate;
  try {
    const res = await fetch(`${server.base}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
  } catch {
    return null;
  }
}

async function login(username: string): Promise<{ token: string; company_id: number }> {
  const res = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  const body = (await res.json()) as { token: string; user: { company_id: number } };
  return { token: body.token, company_id: body.user.company_id };
}

/** A second `node server/index.ts` on the same data directory must stop with a message naming the holder. */
async function secondOpener(env: Record<string, string>, holderPid: number) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  const listened = output.includes('listening on');
  const namesHolder = output.includes(`process ${holderPid} `);
  const stillServing = (await fetch(`${server.base}/readyz`)).status === 200;
  const message = /already in use[^\n]*/.exec(output)?.[0] ?? output.trim().split('\n').at(-1) ?? '';
  return { refused: code !== 0 && !listened && namesHolder && stillServing, code, ms: performance.now() - t0, message };
}

// ---- the load and what it was told --------------------------------------------------------------------------

const acked: Record<Kind, number> = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
const unanswered: Record<Kind, number> = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
const refused: Record<string, number> = {};

interface ListingRecord {
  id: number;
  title: string;
  /** The last quantity the server acknowledged. */
  quantity: number;
  /** Quantities sent after that one without an answer (in flight at a kill): each may or may not have landed. */
  inFlight: number[];
  next: number;
  offered: boolean;
}
const listings: ListingRecord[] = [];
const offers = new Map<number, number>(); // offer id -> listing id
const messages = new Map<number, string>(); // message id -> body
const reads = new Map<string, Set<number>>(); // user -> notification ids acknowledged as read

const ackedTotal = () => KINDS.reduce((s, k) => s + acked[k], 0);

function outcome(kind: Kind, res: { status: number; body: Json } | null): Json | null {
  if (res === null) {
    unanswered[kind] += 1;
    return null;
  }
  if (res.status >= 200 && res.status < 300) {
    acked[kind] += 1;
    return res.body;
  }
  const error = (res.body as { error?: { code?: string; message_code?: string } }).error;
  const key = `${kind} ${res.status} ${error?.message_code ?? error?.code ?? ''}`;
  refused[key] = (refused[key] ?? 0) + 1;
  return null;
}

const listingBody = (title: string, quantity: number) => ({
  title,
  description: 'Written by the crash script; must survive kill -9.',
  category: 'surplus',
  frequency: 'weekly',
  quantity,
  condition: 'good',
  type: 'pallets',
  final_use: 'reuse',
});

let seq = 0;
const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];

async function loop(fn: () => Promise<void>) {
  while (running) {
    await fn();
  }
}

function workers(a: { token: string }, b: { token: string }, chatId: number) {
  return [
    // Company A lists materials.
    loop(async () => {
      const title = `Crash listing ${++seq}`;
      const body = outcome('listing.create', await call(a.token, 'POST', '/api/v2/materials', listingBody(title, 1)));
      if (body) listings.push({ id: Number(body.id), title, quantity: 1, inFlight: [], next: 2, offered: false });
    }),
    // and edits them (one edit at a time per listing: this worker is the only editor).
    loop(async () => {
      const l = pick(listings);
      if (!l) return sleep(20);
      const q = l.next++;
      l.inFlight.push(q);
      const body = outcome('listing.edit', await call(a.token, 'PUT', `/api/v2/materials/${l.id}`, listingBody(l.title, q)));
      if (body) {
        l.quantity = q;
        l.inFlight = [];
      }
    }),
    // Company B makes one offer on each of A's listings.
    loop(async () => {
      const l = pick(listings.filter((x) => !x.offered));
      if (!l) return sleep(20);
      const body = outcome(
        'offer.create',
        await call(b.token, 'POST', '/api/offers', { material_id: l.id, quantity: 1, message: `Offer on ${l.title}` }),
      );
      if (body) {
        l.offered = true;
        offers.set(Number(body.id), l.id);
      }
    }),
    // Both write in their chat.
    loop(async () => {
      const text = `Crash message ${++seq}`;
      const who = seq % 2 ? a : b;
      const body = outcome('chat.send', await call(who.token, 'POST', `/api/chats/${chatId}/messages`, { message: text }));
      if (body) messages.set(Number(body.id), text);
    }),
    // Both read their notifications (offers received, messages).
    loop(async () => {
      for (const [name, who] of [
        ['a', a],
        ['b', b],
      ] as const) {
        const list = await call(who.token, 'GET', '/api/notifications?size=20');
        const unseen = (list?.status === 200 ? list.body.items : []).filter((n) => n.seen === false).map((n) => Number(n.id));
        if (!unseen.length) {
          await sleep(50);
          continue;
        }
        const body = outcome('notifications.read', await call(who.token, 'PUT', '/api/notifications/read', { notifications: unseen, seen: true }));
        if (body) {
          const set = reads.get(name) ?? new Set<number>();
          for (const id of unseen) set.add(id);
          reads.set(name, set);
        }
      }
    }),
  ];
}

// ---- the check ------------------------------------------------------------------------------------------------

async function must(token: string, pathname: string): Promise<Json> {
  for (let attempt = 0; ; attempt++) {
    const res = await call(token, 'GET', pathname);
    if (res && (res.status === 200 || res.status === 404)) return res.status === 200 ? res.body : { items: [], missing: true };
    if (attempt > 5) throw new Error(`GET ${pathname}: ${res?.status ?? 'no answer'}`);
    await sleep(200);
  }
}

async function verify(a: { token: string }, b: { token: string }, chatId: number) {
  const lost: string[] = [];
  let checked = 0;
  for (const l of listings) {
    const got = await must(a.token, `/api/v2/materials/${l.id}`);
    checked += 1;
    if (got.missing) lost.push(`listing ${l.id} missing`);
    else if (got.title !== l.title) lost.push(`listing ${l.id} title ${String(got.title)}`);
    // The last acknowledged quantity, or a later one that was in flight at a kill (it may have committed).
    else if (got.quantity !== l.quantity && !l.inFlight.includes(Number(got.quantity)))
      lost.push(`listing ${l.id} quantity ${String(got.quantity)}, acknowledged ${l.quantity}`);
  }
  for (const [offerId, listingId] of offers) {
    const got = await must(b.token, `/api/offers/${offerId}`);
    checked += 1;
    if (got.missing || (got.material as { id: number }).id !== listingId) lost.push(`offer ${offerId} missing`);
  }
  // The whole chat, paging backwards.
  const seen = new Map<number, string>();
  let before: number | undefined;
  for (;;) {
    const page = await must(a.token, `/api/chats/${chatId}?size=100${before ? `&before=${before}` : ''}`);
    if (!page.items.length) break;
    for (const m of page.items) seen.set(Number(m.id), String(m.body));
    const oldest = Math.min(...page.items.map((m) => Number(m.id)));
    if (oldest === before) break;
    before = oldest;
  }
  for (const [id, text] of messages) {
    checked += 1;
    if (seen.get(id) !== text) lost.push(`message ${id} ${seen.has(id) ? 'changed' : 'missing'}`);
  }
  for (const [name, ids] of reads) {
    const who = name === 'a' ? a : b;
    const state = new Map<number, boolean>();
    for (let page = 0; ; page++) {
      const got = await must(who.token, `/api/notifications?size=100&page=${page}`);
      for (const n of got.items) state.set(Number(n.id), n.seen === true);
      if (got.items.length < 100) break;
    }
    for (const id of ids) {
      checked += 1;
      if (state.get(id) !== true) lost.push(`notification ${id} of ${name} ${state.has(id) ? 'unread again' : 'missing'}`);
    }
  }
  return { lost, checked };
}

// ---- the run --------------------------------------------------------------------------------------------------

async function main() {
  const port = await freePort();
  const target = await createTarget(DB, 'crash', port);
  console.log(`crash script: ${CYCLES} kill -9 cycles on ${target.kind} (${target.url ?? target.dataDir}), port ${port}`);
  let failed: boolean;
  try {
    const first = await startHealthy(target.env);
    server = first.server;
    console.log(`first start (migrations and demo data): ${fmtMs(first.ms)}`);

    const locks: Awaited<ReturnType<typeof secondOpener>>[] = [];
    if (target.kind === 'embedded') {
      const r = await secondOpener(target.env, server.child.pid!);
      locks.push(r);
      console.log(
        `second process on the same data directory: ${r.refused ? 'refused' : 'NOT REFUSED'} (exit ${r.code}, ${fmtMs(r.ms)}): ${r.message}`,
      );
    }

    const a = await login('manager@example.com');
    const b = await login('anders.kjaer@example.org');
    const chatsA = await must(a.token, '/api/chats');
    const chatsB = new Set((await must(b.token, '/api/chats')).items.map((c) => Number(c.id)));
    const chat = chatsA.items.find((c) => c.read_only === false && chatsB.has(Number(c.id)));
    if (!chat) throw new Error('no open chat between the two demo companies');
    const chatId = Number(chat.id);

    const load = workers(a, b, chatId);
    const restarts: number[] = [];
    const restartCpu: number[] = [];
    const loads: number[] = [];
    const downtimes: number[] = [];
    const t0 = performance.now();
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const due = ackedTotal() + WRITES_MIN + Math.floor(Math.random() * (WRITES_MAX - WRITES_MIN));
      const started = performance.now();
      while (ackedTotal() < due && performance.now() - started < LOAD_MAX_MS) await sleep(5);
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      const killedAt = performance.now();
      await server.kill();
      const next = await startHealthy(target.env);
      server = next.server;
      restarts.push(next.ms);
      restartCpu.push(next.cpu);
      loads.push(load1());
      downtimes.push(performance.now() - killedAt);
      open();
      const total = ackedTotal();
      console.log(
        `cycle ${cycle}: killed, healthy again after ${fmtMs(next.ms)} (process start to /readyz 200, ${fmtMs(next.cpu)} of CPU, ` +
          `load average ${load1().toFixed(1)}); ${total} writes acknowledged so far`,
      );
    }
    // The last restart gets some load too, then a graceful stop of the load before the check.
    await sleep(1000);
    running = false;
    await Promise.all(load);
    const loadSeconds = (performance.now() - t0) / 1000;

    if (target.kind === 'embedded') {
      const r = await secondOpener(target.env, server.child.pid!);
      locks.push(r);
      console.log(`second process after ${CYCLES} crashes: ${r.refused ? 'refused' : 'NOT REFUSED'} (exit ${r.code}): ${r.message}`);
    }

    const { lost, checked } = await verify(a, b, chatId);
    const total = ackedTotal();
    console.log('\nresult');
    console.log(`  database: ${target.kind}; cycles: ${CYCLES}; load ${loadSeconds.toFixed(0)} s in all`);
    for (const k of KINDS) console.log(`  ${k}: ${acked[k]} acknowledged, ${unanswered[k]} without an answer (in flight at a kill)`);
    for (const [k, n] of Object.entries(refused)) console.log(`  refused: ${k} x ${n}`);
    console.log(`  acknowledged writes: ${total}; checked: ${checked}; lost: ${lost.length}`);
    for (const l of lost.slice(0, 20)) console.log(`    LOST ${l}`);
    console.log(
      `  restart (process start to first healthy answer): p50 ${fmtMs(percentile(restarts, 50))}, max ${fmtMs(Math.max(...restarts))}; ` +
        `kill to healthy: p50 ${fmtMs(percentile(downtimes, 50))}, max ${fmtMs(Math.max(...downtimes))}`,
    );
    console.log(
      `  CPU time of a restart (which other work on the machine does not stretch): p50 ${fmtMs(percentile(restartCpu, 50))}, ` +
        `max ${fmtMs(Math.max(...restartCpu))}; load average (1 min) at the restarts ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${os.cpus().length} cores`,
    );
    if (target.kind === 'embedded') console.log(`  second opener refused: ${locks.filter((l) => l.refused).length} of ${locks.length}`);
    else console.log('  second opener: not applicable (instances share a Postgres database by design, server/cluster.test.ts)');
    failed = lost.length > 0 || Math.max(...restarts) >= RESTART_TARGET_MS || locks.some((l) => !l.refused) || total === 0;
    console.log(failed ? '\nFAILED' : '\nOK');
  } finally {
    running = false;
    await server?.stop().catch(() => {});
    await target.dispose();
  }
  return failed ? 1 : 0;
}

runMain(main);
