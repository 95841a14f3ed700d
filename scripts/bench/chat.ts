// Chat fan-out: one message in a chat between two companies of 500 users each, one socket per user
// (1,000 sockets), sent over REST. Measured from the client side: how long until each socket has the message
// (the other company's sockets: the 50 ms p95 target), and the fan-out spread (first to last socket), each
// against a bare `ws` server broadcasting the same frame to 1,000 sockets (scripts/bench/bare-server.ts) in the
// same run. Then the same with the two companies' sockets on two instances sharing one Postgres (the message
// crosses by LISTEN/NOTIFY, docs/decisions/0047). Servers run in their own processes; clients in this one.
//   node --import tsx scripts/bench/chat.ts [--users 500] [--rounds 30]
import postgres from 'postgres';
import WebSocket from 'ws';
import { createTokenService } from '../../server/lib/tokens';
import { startServerProcess, type ServerProcess } from '../../server/test/server-process';
import { arg, benchServerEnv, percentile, runScenarioIfMain, scratchDatabase, sleep, startBareServer, type ScenarioResult } from './common';

const SECRET = 'bench-perfmore-secret-that-is-long-enough-0123456789';

interface Client {
  ws: WebSocket;
  company: 'x' | 'y';
  at: number;
}

/** Opens sockets 100 at a time; each records when a frame containing `marker()` arrives. */
async function openSockets(urls: { url: string; company: 'x' | 'y' }[], marker: () => string): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < urls.length; i += 100) {
    await Promise.all(
      urls.slice(i, i + 100).map(
        ({ url, company }) =>
          new Promise<void>((resolve, reject) => {
            const c: Client = { ws: new WebSocket(url), company, at: 0 };
            c.ws.on('message', (raw) => {
              if (process.env.BENCH_DEBUG) console.log(raw.toString().slice(0, 300));
              if (!c.at && raw.toString().includes(marker())) c.at = performance.now();
            });
            c.ws.once('open', () => {
              clients.push(c);
              resolve();
            });
            c.ws.once('error', reject);
          }),
      ),
    );
  }
  return clients;
}

async function waitAll(clients: Client[], timeoutMs = 10_000) {
  const until = performance.now() + timeoutMs;
  while (clients.some((c) => !c.at)) {
    if (performance.now() > until) throw new Error(`${clients.filter((c) => !c.at).length} sockets never got the message`);
    await sleep(1);
  }
}

interface Rounds {
  /** Per socket, send → arrival (ms), over all rounds, by company. */
  x: number[];
  y: number[];
  /** Per round, send → last socket, and first → last socket. */
  last: number[];
  spread: number[];
}

async function rounds(n: number, clients: Client[], send: (i: number) => Promise<void>, setMarker: (m: string) => void): Promise<Rounds> {
  const out: Rounds = { x: [], y: [], last: [], spread: [] };
  for (let i = 0; i < n; i++) {
    for (const c of clients) c.at = 0;
    setMarker(`bench-${i}-${Math.random().toString(36).slice(2, 8)}`);
    const t0 = performance.now();
    await send(i);
    await waitAll(clients);
    const times = clients.map((c) => c.at);
    for (const c of clients) out[c.company].push(c.at - t0);
    out.last.push(Math.max(...times) - t0);
    out.spread.push(Math.max(...times) - Math.min(...times));
    await sleep(100);
  }
  return out;
}

export async function chatBench(): Promise<ScenarioResult[]> {
  const usersPerCompany = Number(arg('users', '500'));
  const n = Number(arg('rounds', '30'));
  const scratch = await scratchDatabase('bench_perfmore_chat');
  const env = benchServerEnv(scratch.url, SECRET, '/tmp/perfmore-bench-chat', { RATE_LIMIT_SCALE: '100000' });
  const a = await startServerProcess(env);
  let b: ServerProcess | null = null;
  const bare = await startBareServer();
  const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  const all: Client[] = [];
  try {
    const [x, y] = await sql<
      { id: number }[]
    >`insert into companies (name, status) values ('Bench X', 'approved'), ('Bench Y', 'approved') returning id`;
    const users = await sql<{ id: number; company_id: number; role: 'MANAGER' | 'MEMBER' }[]>`
      insert into users (email, username, first_name, role, company_id, password_hash)
      select 'chat' || c.id || '-' || g || '@bench.example', 'chat' || c.id || '-' || g || '@bench.example', 'Bench',
             case when g = 1 then 'MANAGER' else 'MEMBER' end, c.id, 'x'
      from (values (${x!.id}::int), (${y!.id}::int)) c(id), generate_series(1, ${usersPerCompany}) g
      returning id, company_id, role`;
    const [exchange] = await sql<{ id: number }[]>`
      insert into exchanges (provider_company_id, requester_company_id, item_requested) values (${x!.id}, ${y!.id}, 'Bench') returning id`;
    const [chat] = await sql<{ id: number }[]>`
      insert into chats (exchange_id, company_a_id, company_b_id) values (${exchange!.id}, ${x!.id}, ${y!.id}) returning id`;
    const tokens = createTokenService(SECRET);
    const tokenOf = (u: (typeof users)[number]) => tokens.signUser({ sub: String(u.id), role: u.role, company_id: u.company_id, tv: 0 }, 3600);
    const sender = users.find((u) => u.company_id === x!.id && u.role === 'MANAGER')!;
    const senderToken = tokenOf(sender);
    let marker = '';
    const setMarker = (m: string) => (marker = m);
    const body = () => 'Bench message ' + marker;
    const sendVia = (server: ServerProcess) => async () => {
      const res = await fetch(`${server.base}/api/chats/${chat!.id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${senderToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: body() }),
      });
      if (res.status >= 400) throw new Error(`send answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    const companyOf = (u: (typeof users)[number]): 'x' | 'y' => (u.company_id === x!.id ? 'x' : 'y');

    // One instance: every socket on A.
    const single = await openSockets(
      users.map((u) => ({ url: `ws://127.0.0.1:${a.port}/ws?token=${tokenOf(u)}`, company: companyOf(u) })),
      () => marker,
    );
    all.push(...single);
    const bareClients = await openSockets(
      users.map((u) => ({ url: `ws://127.0.0.1:${bare.port}/ws`, company: companyOf(u) })),
      () => marker,
    );
    all.push(...bareClients);
    // The frame the app sends, so the bare broadcast carries the same bytes.
    let frame = '';
    single[0]!.ws.once('message', (raw) => (frame = raw.toString()));
    setMarker('bench-frame');
    await sendVia(a)();
    await sleep(300);
    const bareSend = async () => {
      const res = await fetch(`${bare.base}/broadcast`, { method: 'POST', body: frame.replace('Bench message bench-frame', body()) });
      await res.arrayBuffer();
    };
    // Warm-up, then interleaved: bare, app, bare, app (halves of the rounds each).
    await rounds(3, single, sendVia(a), setMarker);
    await rounds(3, bareClients, bareSend, setMarker);
    const app1: Rounds[] = [];
    const bare1: Rounds[] = [];
    for (let k = 0; k < 2; k++) {
      bare1.push(await rounds(Math.ceil(n / 2), bareClients, bareSend, setMarker));
      app1.push(await rounds(Math.ceil(n / 2), single, sendVia(a), setMarker));
    }
    for (const c of [...single, ...bareClients]) c.ws.terminate();
    all.length = 0;

    // Two instances: company X's sockets on A (where the message is sent), company Y's on B.
    b = await startServerProcess(env);
    const split = await openSockets(
      users.map((u) => ({ url: `ws://127.0.0.1:${companyOf(u) === 'x' ? a.port : b!.port}/ws?token=${tokenOf(u)}`, company: companyOf(u) })),
      () => marker,
    );
    all.push(...split);
    await rounds(3, split, sendVia(a), setMarker);
    const two = await rounds(n, split, sendVia(a), setMarker);

    const merge = (rs: Rounds[]): Rounds => ({
      x: rs.flatMap((r) => r.x),
      y: rs.flatMap((r) => r.y),
      last: rs.flatMap((r) => r.last),
      spread: rs.flatMap((r) => r.spread),
    });
    const app = merge(app1);
    const base = merge(bare1);
    const f = (v: number) => v.toFixed(1);
    console.log(
      `\nChat fan-out: ${users.length} sockets (two companies of ${usersPerCompany} users, one socket each), ${n} rounds per row, message sent over REST, Node ${process.version}\n`,
    );
    console.log('| scenario | send → other company p50 ms | p95 ms | send → last socket p50 ms | p95 ms | fan-out spread p50 ms | p95 ms |');
    console.log('|---|---|---|---|---|---|---|');
    const row = (name: string, r: Rounds, other: number[]) =>
      console.log(
        `| ${name} | ${f(percentile(other, 50))} | ${f(percentile(other, 95))} | ${f(percentile(r.last, 50))} | ${f(percentile(r.last, 95))} | ${f(percentile(r.spread, 50))} | ${f(percentile(r.spread, 95))} |`,
      );
    row('bare ws broadcast (POST /broadcast → 1,000 sockets)', base, [...base.x, ...base.y]);
    row('app, one instance', app, app.y);
    row('app, two instances (other company on B)', two, two.y);
    const spreadRatio = percentile(app.spread, 50) / percentile(base.spread, 50);
    const lastRatio = percentile(app.last, 50) / percentile(base.last, 50);
    console.log(`\nratios to bare ws (p50): fan-out spread ${spreadRatio.toFixed(2)}x, send → last socket ${lastRatio.toFixed(2)}x`);
    const one95 = percentile(app.y, 95);
    const two95 = percentile(two.y, 95);
    return [
      {
        name: 'chat fan-out to 1,000 sockets / bare ws (spread, p50)',
        figure: `${spreadRatio.toFixed(2)}x`,
        target: '≤ 1.5x',
        met: spreadRatio <= 1.5,
      },
      { name: 'chat: other company reached, one instance, p95', figure: `${one95.toFixed(1)} ms`, target: '< 50 ms', met: one95 < 50 },
      { name: 'chat: other company reached, two instances, p95', figure: `${two95.toFixed(1)} ms`, target: '< 100 ms', met: two95 < 100 },
    ];
  } finally {
    for (const c of all) c.ws.terminate();
    await sql.end();
    await bare.stop();
    await a.stop();
    if (b) await b.stop();
    await scratch.drop();
  }
}

export const scenarios = [{ name: 'chat', run: chatBench }];

runScenarioIfMain(import.meta.url, chatBench);
