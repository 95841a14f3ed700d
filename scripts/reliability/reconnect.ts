// Reconnect script: 1,000 WebSocket clients of real users stay connected to the
// real server (a child process) while it restarts, once gracefully (SIGTERM: sockets closed with 1001, as a
// deployment does) and once by a crash (SIGKILL: the sockets just drop). Each client is the browser's own
// RealtimeConnection (client/src/lib/realtime.ts, so the same reconnectDelay backoff with jitter) over the
// `ws` package. Measured: the share of clients open again within 10 s of the server's first healthy answer
// (and of the moment they lost it). While they are away a notification is raised for every user (a listing
// in a material group their companies follow); each client must then see it as the app would: pushed on its
// socket, or in the notifications list and unseen counter it refetches when the socket reopens.
//
//   node --import tsx scripts/reliability/reconnect.ts [--db embedded|postgres] [--sockets 1000] [--users 100]
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { company_material_groups, material_groups } from '../../drizzle/schema';
import type { ServerFrame } from '../../shared/ws-events';
import { openDatabase } from '../../server/db/client';
import { seedReferenceData } from '../../server/db/seed/reference';
import { createTokenService } from '../../server/lib/tokens';
import { createCompany, createUser } from '../../server/test/factories';
import type { ServerProcess } from '../../server/test/server-process';
import { DEFAULT_MAX_SOCKETS_PER_USER } from '../../server/ws/hub';
import { RealtimeConnection } from '../../client/src/lib/realtime';
import { arg, createTarget, fmtMs, freePort, load1, percentile, SECRET, sleep, startHealthy } from './common';
import { runMain } from '../cli';

const DB = arg('db', 'embedded');
const SOCKETS = Number(arg('sockets', '1000'));
const USERS = Number(arg('users', '100'));
const USERS_PER_COMPANY = 10;
const WITHIN_MS = 10_000;
const TARGET_SHARE = 0.99;
/** After the server is healthy again, how long to wait for stragglers before counting. */
const WAIT_MS = 40_000;

if (Math.ceil(SOCKETS / USERS) > DEFAULT_MAX_SOCKETS_PER_USER)
  throw new Error(`${SOCKETS} sockets over ${USERS} users exceeds the server's ${DEFAULT_MAX_SOCKETS_PER_USER} sockets per user`);

// The browser's globals as far as RealtimeConnection uses them. A browser WebSocket never throws on a failed
// connection (it fires close with 1006); the `ws` package emits 'error' too, which must be listened to.
class NodeWebSocket extends WebSocket {
  constructor(url: string) {
    super(url);
    this.on('error', () => {});
  }
}
(globalThis as { WebSocket?: unknown }).WebSocket = NodeWebSocket;

interface User {
  id: number;
  token: string;
}

let server: ServerProcess;
/** Why refetches failed: HTTP status or error message, with counts. */
const fetchFailures = new Map<string, number>();

async function get(token: string, pathname: string): Promise<unknown> {
  const res = await fetch(`${server.base}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

interface Seen {
  /** The raised listing's title, seen in a pushed newNotification frame. */
  pushed: Map<string, number>;
  /** ... or in the list the client refetched after reopening (when it was fetched). */
  fetched: Map<string, number>;
  /** The unseen counter the last refetch answered, and when that refetch was sent. */
  unseen: number;
  unseenAskedAt: number;
  fetchErrors: number;
}

/** One browser tab: the app's RealtimeConnection and what useRealtimeCounters/NotificationsPanel do on frames and reopenings. */
class Client {
  opens: number[] = [];
  seen: Seen = { pushed: new Map(), fetched: new Map(), unseen: 0, unseenAskedAt: 0, fetchErrors: 0 };
  refused = 0;
  private conn: RealtimeConnection;

  constructor(readonly user: User) {
    this.conn = new RealtimeConnection(
      user.token,
      (frame: ServerFrame) => {
        if (frame.event === 'newNotification') {
          const title = String((frame.data.params as { title?: unknown }).title ?? '');
          if (!this.seen.pushed.has(title)) this.seen.pushed.set(title, performance.now());
        }
      },
      () => {
        this.opens.push(performance.now());
        // The app refetches counters and the notification list on every reopening (not the first open).
        if (this.opens.length > 1) void this.refetch();
      },
      () => (this.refused += 1),
    );
  }

  private async refetch() {
    try {
      const askedAt = performance.now();
      const [counters, list] = await Promise.all([
        get(this.user.token, '/trpc/notifications.counters') as Promise<{ result: { data: { json?: { unseen_notifications: number } } } }>,
        get(this.user.token, '/api/notifications?size=8') as Promise<{ items: { code: string; params: { title?: string } }[] }>,
      ]);
      const data = counters.result.data as { json?: { unseen_notifications: number }; unseen_notifications?: number };
      this.seen.unseen = data.json?.unseen_notifications ?? data.unseen_notifications ?? -1;
      this.seen.unseenAskedAt = askedAt;
      for (const n of list.items) {
        const title = n.params.title;
        if (n.code === 'notification.newListing' && title && !this.seen.fetched.has(title)) this.seen.fetched.set(title, performance.now());
      }
    } catch (err) {
      this.seen.fetchErrors += 1;
      const why = err instanceof Error ? `${err.message}${err.cause instanceof Error ? ` (${err.cause.message})` : ''}` : String(err);
      fetchFailures.set(why, (fetchFailures.get(why) ?? 0) + 1);
    }
  }

  close() {
    this.conn.close();
  }
}

async function setUp(target: { kind: string; url?: string; dataDir: string }) {
  // Users straight into the database before the server starts (the embedded one is one process's).
  const database = await openDatabase({ url: target.url, dataDir: target.kind === 'embedded' ? target.dataDir : null });
  await database.migrate();
  await seedReferenceData(database.db);
  const [group] = await database.db.select().from(material_groups).where(eq(material_groups.kind, 'material')).limit(1);
  const users: { id: number; company_id: number }[] = [];
  while (users.length < USERS) {
    const company = await createCompany(database.db);
    await database.db.insert(company_material_groups).values({ company_id: company.id, material_group_id: group!.id, relation: 'interested' });
    for (let i = 0; i < USERS_PER_COMPANY && users.length < USERS; i++) {
      const u = await createUser(database.db, { company_id: company.id, role: i === 0 ? 'MANAGER' : 'MEMBER' });
      users.push({ id: u.id, company_id: company.id });
    }
  }
  const posterCompany = await createCompany(database.db);
  const poster = await createUser(database.db, { company_id: posterCompany.id, role: 'MANAGER' });
  await database.close();
  // Signed by the server's secret exactly as a login signs them (each with its own session id).
  const tokens = createTokenService(SECRET);
  const sign = (u: { id: number; company_id: number }, role: 'MANAGER' | 'MEMBER') =>
    tokens.signUser({ sub: String(u.id), role, company_id: u.company_id, tv: 0 }, 3600);
  return {
    group: group!.id,
    users: users.map((u, i) => ({ id: u.id, token: sign(u, i % USERS_PER_COMPANY === 0 ? 'MANAGER' : 'MEMBER') })),
    poster: sign({ id: poster.id, company_id: posterCompany.id }, 'MANAGER'),
  };
}

async function raise(poster: string, group: number, title: string): Promise<void> {
  const res = await fetch(`${server.base}/api/v2/materials`, {
    method: 'POST',
    headers: { authorization: `Bearer ${poster}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      description: 'Raised while the sockets were away',
      category: 'surplus',
      material_group_id: group,
      frequency: 'weekly',
      quantity: 5,
      condition: 'good',
      type: 'pallets',
      final_use: 'reuse',
    }),
  });
  if (res.status !== 201) throw new Error(`raising the notification: ${res.status} ${await res.text()}`);
}

async function waitUntil(done: () => boolean, ms: number) {
  const t0 = performance.now();
  while (!done() && performance.now() - t0 < ms) await sleep(50);
}

async function phase(mode: 'graceful' | 'crash', clients: Client[], env: Record<string, string>, poster: string, group: number) {
  const before = clients.map((c) => c.opens.length);
  const title = `Raised during the ${mode} restart ${Date.now()}`;
  const downAt = performance.now();
  if (mode === 'graceful') await server.stop();
  else await server.kill();
  const stoppedAt = performance.now();
  const next = await startHealthy(env);
  server = next.server;
  const upAt = performance.now();
  // Raised at once: most clients are still waiting out their backoff.
  await raise(poster, group, title);
  const raisedAt = performance.now();
  const reopened = (c: Client, i: number) => c.opens.length > before[i]!;
  await waitUntil(() => clients.every(reopened), WAIT_MS);
  // Give the last reopenings' refetches a moment.
  await waitUntil(() => clients.every((c, i) => !reopened(c, i) || c.seen.pushed.has(title) || c.seen.fetched.has(title)), 10_000);

  const fromUp: number[] = [];
  const fromDown: number[] = [];
  let viaPush = 0;
  let viaRefetch = 0;
  let missed = 0;
  let unseenWrong = 0;
  let awayAtRaise = 0;
  clients.forEach((c, i) => {
    if (!reopened(c, i)) return;
    const at = c.opens[before[i]!]!;
    fromUp.push(Math.max(0, at - upAt));
    fromDown.push(at - downAt);
    if (at > raisedAt) awayAtRaise += 1;
    if (c.seen.pushed.has(title)) viaPush += 1;
    else if (c.seen.fetched.has(title)) viaRefetch += 1;
    else missed += 1;
  });
  // The counter a refetch sent after the raise answered: one unseen notification per restart so far, none read.
  const phases = mode === 'graceful' ? 1 : 2;
  for (const c of clients) if (c.seen.unseenAskedAt > raisedAt && c.seen.unseen !== phases) unseenWrong += 1;
  const within = fromUp.filter((ms) => ms <= WITHIN_MS).length;
  const withinDown = fromDown.filter((ms) => ms <= WITHIN_MS).length;
  return {
    mode,
    stopMs: stoppedAt - downAt,
    restartMs: next.ms,
    restartCpu: next.cpu,
    load: load1(),
    reopened: fromUp.length,
    within,
    withinDown,
    share: within / clients.length,
    p50: percentile(fromUp, 50),
    p99: percentile(fromUp, 99),
    max: Math.max(...fromUp),
    p50Down: percentile(fromDown, 50),
    maxDown: Math.max(...fromDown),
    awayAtRaise,
    viaPush,
    viaRefetch,
    missed,
    unseenWrong,
    fetchErrors: clients.reduce((s, c) => s + c.seen.fetchErrors, 0),
    refused: clients.reduce((s, c) => s + c.refused, 0),
  };
}

async function main() {
  const port = await freePort();
  const target = await createTarget(DB, 'crash-reconnect', port, { SEED_DEMO: 'false', SHUTDOWN_DELAY_SECONDS: '0' });
  (globalThis as { location?: unknown }).location = { protocol: 'http:', host: `127.0.0.1:${port}` };
  console.log(`reconnect script: ${SOCKETS} sockets of ${USERS} users on ${target.kind}, port ${port}`);
  let failed: boolean;
  const clients: Client[] = [];
  try {
    const { users, poster, group } = await setUp(target);
    const first = await startHealthy(target.env);
    server = first.server;
    let t0 = performance.now();
    for (let i = 0; i < SOCKETS; i++) clients.push(new Client(users[i % users.length]!));
    await waitUntil(() => clients.every((c) => c.opens.length > 0), 60_000);
    const open = clients.filter((c) => c.opens.length > 0).length;
    console.log(`${open} of ${SOCKETS} sockets open in ${fmtMs(performance.now() - t0)}`);
    if (open < SOCKETS) throw new Error('not every socket opened');

    const results = [];
    for (const mode of ['graceful', 'crash'] as const) {
      t0 = performance.now();
      const r = await phase(mode, clients, target.env, poster, group);
      results.push(r);
      console.log(
        `\n${mode} restart (${mode === 'graceful' ? 'SIGTERM, sockets closed with 1001' : 'SIGKILL, sockets dropped'}): ` +
          `stopped in ${fmtMs(r.stopMs)}, healthy again after ${fmtMs(r.restartMs)} (process start to /readyz 200, ${fmtMs(r.restartCpu)} of CPU, ` +
          `load average ${r.load.toFixed(1)})`,
      );
      console.log(`  reopened: ${r.reopened} of ${SOCKETS}; within 10 s of the healthy answer: ${r.within} (${(r.share * 100).toFixed(1)} %)`);
      console.log(`  after the healthy answer: p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}, max ${fmtMs(r.max)}`);
      console.log(
        `  after losing the server: p50 ${fmtMs(r.p50Down)}, max ${fmtMs(r.maxDown)}; within 10 s of losing it: ${r.withinDown} (${((r.withinDown / SOCKETS) * 100).toFixed(1)} %)`,
      );
      console.log(
        `  notification raised while ${r.awayAtRaise} clients were still away: seen by push ${r.viaPush}, by the refetch on reopening ${r.viaRefetch}, missed ${r.missed}; ` +
          `unseen counter wrong ${r.unseenWrong}; refetch errors ${r.fetchErrors}; sessions refused ${r.refused}`,
      );
      if (fetchFailures.size) console.log(`  refetch failures so far: ${[...fetchFailures].map(([why, n]) => `${why} x ${n}`).join('; ')}`);
    }
    failed = results.some((r) => r.share < TARGET_SHARE || r.missed > 0 || r.unseenWrong > 0 || r.refused > 0);
    console.log(failed ? '\nFAILED' : '\nOK');
  } finally {
    for (const c of clients) c.close();
    await server?.stop().catch(() => {});
    await target.dispose();
  }
  return failed ? 1 : 0;
}

runMain(main);
