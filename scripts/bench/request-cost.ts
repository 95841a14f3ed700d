// CPU cost per request, in the app process and in Postgres, for capacity planning (docs/capacity.md).
// Latency on a shared machine says more about the neighbours than about us; CPU time per request does not
// (much): the app's user+system time from /proc, and the time of its Postgres backends (found by the
// application_name each instance gives its connections), divided by the requests served.
//   node --import tsx scripts/bench/seed-materials.ts --rows 100000      (once)
//   node --import tsx scripts/bench/request-cost.ts --db synergy_bench_100k [--seconds 10] [--connections 4]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { createTokenService } from '../../server/lib/tokens';
import { startServerProcess } from '../../server/test/server-process';
import { arg, benchServerEnv, benchUrl, CITIES } from './common';
import { runMain } from '../cli';
import { AUTOCANNON_BIN, ensureBenchTools } from './tools';

const DB = arg('db', 'synergy_bench_100k');
const SECONDS = arg('seconds', '10');
const CONNECTIONS = arg('connections', '4');
const SECRET = 'bench-cost-secret-that-is-long-enough-0123456789';
const TICKS_PER_MS = 100 / 1000; // CLK_TCK is 100 on Linux

/** user + system CPU of a process in ms (0 when it is gone). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
  } catch {
    return 0;
  }
}

async function main() {
  ensureBenchTools();
  const url = benchUrl(DB);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const server = await startServerProcess(benchServerEnv(url, SECRET, `/tmp/${DB}-cost`));
  const pid = server.child.pid!;
  const viewerCompany = CITIES.length;
  const [viewer] = await sql<{ id: number }[]>`select id from users where company_id = ${viewerCompany} limit 1`;
  const [{ max } = { max: 1 }] = await sql<{ max: number }[]>`select max(id)::int as max from materials`;
  const token = createTokenService(SECRET).signUser({ sub: String(viewer!.id), role: 'MEMBER', company_id: viewerCompany, tv: 0 }, 3600);
  const backends = async () =>
    (await sql<{ pid: number }[]>`select pid from pg_stat_activity where application_name like ${`synergy:%:${pid}`}`).map((r) => r.pid);

  const scenarios: [string, string][] = [
    ['notification counter (light authenticated read)', '/api/notifications/unseen'],
    ['listing detail', `/api/v2/materials/${Math.floor(max / 2)}`],
    ['search 40 km, nearest first', '/api/v2/materials?proximity=40'],
    ['search 5 km, nearest first', '/api/v2/materials?proximity=5'],
  ];
  console.log(
    `${DB}, ${CONNECTIONS} connections, ${SECONDS} s per row, app and Postgres on this machine (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})\n`,
  );
  console.log('| request | req/s | p50 ms | p99 ms | app CPU ms/req | Postgres CPU ms/req |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, pathname] of scenarios) {
    // Warm: connections open, plans cached, code compiled.
    await fetch(`${server.base}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
    const before = new Map((await backends()).map((p) => [p, cpuMs(p)]));
    const appBefore = cpuMs(pid);
    const child = spawn(
      AUTOCANNON_BIN,
      ['-j', '-c', CONNECTIONS, '-d', SECONDS, '-H', `authorization=Bearer ${token}`, `${server.base}${pathname}`],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((r) => child.once('exit', r));
    const after = await backends();
    const appMs = cpuMs(pid) - appBefore;
    // Backends opened during the run started from zero.
    const dbMs = after.reduce((a, p) => a + cpuMs(p) - (before.get(p) ?? 0), 0);
    const r = JSON.parse(out) as {
      requests: { total: number; average: number };
      latency: { p50: number; p99: number };
      non2xx: number;
      errors: number;
    };
    if (r.non2xx || r.errors) console.log(`  (${name}: ${r.non2xx} non-2xx, ${r.errors} errors)`);
    console.log(
      `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${(appMs / r.requests.total).toFixed(2)} | ${(dbMs / r.requests.total).toFixed(2)} |`,
    );
  }
  await server.stop();
  await sql.end();
}

runMain(main);
