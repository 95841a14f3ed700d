// Materials benchmark: p50/p95 of search at 5, 20 and 40 km, detail and create, each as a ratio to a bare
// Express endpoint measured in the same run (same process, same machine, same load), plus the query plans.
// Load: autocannon at a fixed overall rate; latencies come from its per-response events.
//   node --import tsx scripts/bench/seed-materials.ts --rows 100000      (once)
//   node --import tsx scripts/bench/materials.ts --db synergy_bench_100k [--rate 100] [--seconds 10]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import express from 'express';
import { sql } from 'drizzle-orm';
import { createApp } from '../../server/app';
import { openPostgres } from '../../server/db/client';
import { buildDeps } from '../../server/deps';
import { loadEnv } from '../../server/env';
import { createLogger } from '../../server/lib/logger';
import { searchPageQuery } from '../../server/modules/materials/search';
import { searchMaterialsInput } from '../../shared/schemas/materials';
import { arg, benchUrl, CITIES } from './common';

const dbName = arg('db', 'synergy_bench_100k');
const rate = Number(arg('rate', '100'));
const seconds = Number(arg('seconds', '10'));

const env = loadEnv({
  NODE_ENV: 'test',
  DATABASE_URL: benchUrl(dbName),
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/synergy-bench',
});
const database = await openPostgres(benchUrl(dbName), { max: 10 });
const deps = buildDeps(env, database, createLogger('silent'));

const listen = (app: http.RequestListener) =>
  new Promise<http.Server>((resolve) => {
    const s = http.createServer(app);
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
const server = await listen(createApp(deps, { clientDist: '/nonexistent' }));
const bareApp = express();
bareApp.get('/bare', (_req, res) => {
  res.json({ ok: true });
});
const bare = await listen(bareApp);
const base = (s: http.Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

// The viewer: Copenhagen's centre company (company ids cycle through CITIES; id 12 is residue 0).
const viewerCompany = CITIES.length;
const [viewer] = (await database.db.execute(sql`select id from users where company_id = ${viewerCompany} limit 1`)) as unknown as { id: number }[];
const token = deps.tokens.signUser({ sub: String(viewer!.id), role: 'MEMBER', company_id: viewerCompany, tv: 0 }, 3600);
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const max = ((await database.db.execute(sql`select max(id)::int as max from materials`)) as unknown as { max: number }[])[0]!.max;

async function load(name: string, url: string, opts: { method?: 'GET' | 'POST'; body?: string; requests?: autocannon.Request[] } = {}) {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url,
    method: opts.method ?? 'GET',
    headers,
    body: opts.body,
    requests: opts.requests,
    connections: 10,
    overallRate: rate,
    duration: seconds,
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 400) errors++;
    latencies.push(ms);
  });
  await new Promise((resolve) => instance.on('done', resolve));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { name, n: latencies.length, errors, p50: pct(50), p95: pct(95) };
}

const listing = JSON.stringify({
  title: 'Bench create',
  description: 'Created by the benchmark',
  category: 'waste',
  frequency: 'weekly',
  quantity: 10,
  condition: 'Used',
  type: 'Mixed',
  final_use: 'Recycling',
});
const results = [];
results.push(await load('bare express', `${base(bare)}/bare`));
for (const km of [5, 20, 40]) results.push(await load(`search ${km} km`, `${base(server)}/api/v2/materials?proximity=${km}`));
results.push(await load('search newest 40 km', `${base(server)}/api/v2/materials?proximity=40&sort=newest`));
results.push(
  await load('detail', `${base(server)}/api/v2/materials/1`, {
    requests: [{ setupRequest: (req) => ({ ...req, path: `/api/v2/materials/${1 + Math.floor(Math.random() * max)}` }) }],
  }),
);
results.push(await load('create', `${base(server)}/api/v2/materials`, { method: 'POST', body: listing }));
results.push(await load('bare express (again)', `${base(bare)}/bare`));

const ref = results[0]!;
const total = ((await database.db.execute(sql`select count(*)::int as n from materials`)) as unknown as { n: number }[])[0]!.n;
console.log(`\n${dbName}: ${total} listings, ${rate} req/s for ${seconds} s per row, 10 connections, Node ${process.version}\n`);
console.log('| scenario | requests | errors | p50 ms | p95 ms | p50 / bare | p95 / bare |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.name} | ${r.n} | ${r.errors} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.p50 / ref.p50).toFixed(1)} | ${(r.p95 / ref.p95).toFixed(1)} |`,
  );
}

const [center] = (await database.db.execute(
  sql`select latitude as lat, longitude as lng from company_addresses where company_id = ${viewerCompany} and is_primary`,
)) as unknown as { lat: number; lng: number }[];
for (const proximity of ['5', '40', 'any'] as const) {
  const q = searchPageQuery(database.db, searchMaterialsInput.parse({ proximity }), { center: center!, company_id: viewerCompany });
  const plan = (await database.db.execute(sql`explain (analyze, buffers off, costs off) ${q.getSQL()}`)) as unknown as Record<string, string>[];
  console.log(`\nplan, proximity ${proximity}:\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
}

// The listings the create scenario added are removed so runs stay repeatable.
await database.db.execute(sql`delete from materials where title = 'Bench create'`);
server.close();
bare.close();
await database.close();
