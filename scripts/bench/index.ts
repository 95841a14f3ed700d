// `npm run bench`: search, listing detail and login against their floors, in one run, and then every
// other scenario module in scripts/bench/ that exports `scenarios`. Writes the figures into docs/benchmarks.md
// (the generated section between the bench markers) with the machine and the commit.
//
//   npm run bench                          quick: 100k listings (seeded once into synergy_bench_100k)
//   npm run bench -- --rows 1000000        1M listings (seeding takes a few minutes the first time)
//   npm run bench -- --only search,detail  only these groups (search, detail, login, plugins, or a plug-in's name)
//   npm run bench -- --skip soak           leave these plug-ins out
//   npm run bench -- --no-write            print only
//   npm run bench -- --only search --match "above 40"  only the rows whose name has these words
//   options: --rate 25 (search req/s) --seconds 5 (per round) --rounds 3 (per row) --db <name>
//
// Layout: the app runs as in production (the server bundle, dist/server/index.mjs) in its own process over a
// scratch Postgres database; the baselines (scripts/bench/baselines-server.ts: bare Express, Express + the
// reference KNN SQL, one argon2 verify) in a second; autocannon (scripts/bench/load-runner.ts) in a third, one
// process per round. Each scenario round is run right after its baseline round, three rounds per row; latency
// figures are percentiles of all the rounds' responses together, throughput the median round's: the ratio
// compares figures measured side by side on the same machine under the same neighbours. Ratios are the figures
// to read; absolute milliseconds depend on the machine.
//
// Plug-ins: any scripts/bench/*.ts that exports `export const scenarios = [{ name, run }]` (run() resolves
// to `{ name, figure, target, met }[]`) is imported and run after the built-in groups; the file's own top
// level must not start work on import (use runIfMain).
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { hashPassword } from '../../server/lib/password';
import { createTokenService } from '../../server/lib/tokens';
import { arg, BENCH_ADMIN_URL, benchServerEnv, benchUrl, CITIES, percentile, runLoad } from './common';
import { runMain } from '../cli';
import type { LoadFigures, LoadSpec } from './load-runner';
import { ensureBenchTools } from './tools';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROWS = Number(arg('rows', '100000'));
const DB = arg('db', `synergy_bench_${ROWS >= 1_000_000 ? `${ROWS / 1_000_000}m` : `${ROWS / 1000}k`}`);
const RATE = Number(arg('rate', '25'));
const SECONDS = Number(arg('seconds', '5'));
/** Interleaved rounds per row (baseline then scenario, ROUNDS times), pooled into one figure (combine). */
const ROUNDS = Math.max(1, Number(arg('rounds', '3')));
const ONLY = arg('only', '').split(',').filter(Boolean);
/** Plug-in scenarios to leave out (e.g. --skip soak: the 10-minute soak). */
const SKIP = arg('skip', '').split(',').filter(Boolean);
/** Only rows whose name includes this text (iterating on one row; never with a written run). */
const MATCH = arg('match', '');
const WRITE = !process.argv.includes('--no-write') && !MATCH;
const SECRET = 'bench-index-secret-that-is-long-enough-0123456789';
const PASSWORD = 'Bench!Password-2026';
const want = (group: string) => !ONLY.length || ONLY.includes(group);

interface Row {
  group: string;
  name: string;
  baseline: string;
  base: LoadFigures;
  run: LoadFigures;
  /** Which figure the ratio compares: latency (p95) or throughput (req/s). */
  compare: 'p95' | 'rps';
  target: string;
  met: boolean | null;
}
interface PluginResult {
  name: string;
  figure: string;
  target: string;
  met: boolean;
}

async function startBaselines(env: Record<string, string>): Promise<{ base: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/baselines-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`baselines server exited with ${code}`)));
    child.stdout.on('data', (d: Buffer) => {
      const m = /listening (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The app as in production (the server bundle, built first when a source is newer; a JSON log line per request)
 * in its own process. Its log goes to a file, not through a pipe this process would have to read: the load
 * generator is the only other party.
 */
async function startApp(env: Record<string, string>): Promise<{ base: string; stop: () => Promise<void> }> {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  const logFile = path.join(os.tmpdir(), `bench-app-${process.pid}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['dist/server/index.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let waited = 0; ; waited += 200) {
    const m = /"port":(\d+)[^\n]*listening on|listening on[^\n]*"port":(\d+)/.exec(readFileSync(logFile, 'utf8'));
    if (m) return { base: `http://127.0.0.1:${m[1] ?? m[2]}`, stop: () => (child.kill('SIGTERM'), exited) };
    if (child.exitCode !== null || waited > 180_000) throw new Error(`the app did not start: see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function ensureSeeded() {
  const admin = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
  const [exists] = await admin<{ n: number }[]>`select count(*)::int as n from pg_database where datname = ${DB}`;
  await admin.end();
  if (exists!.n) {
    const db = postgres(benchUrl(DB), { max: 1, onnotice: () => {} });
    const [{ n } = { n: 0 }] = await db<{ n: number }[]>`select count(*)::int as n from materials`.catch(() => [{ n: 0 }]);
    await db.end();
    if (n >= ROWS * 0.99) return;
  }
  console.log(`seeding ${DB} with ${ROWS} listings ...`);
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/seed-materials.ts', '--rows', String(ROWS), '--db', DB], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
/**
 * Rounds of one load spec as one figure: the latency percentiles of every response of its rounds together (at
 * 25 req/s, three 10 s rounds: a p95 of 750 responses; the median of three rounds' p95s moved the same code's
 * page-20 ratio between 0.7 and 1.2), the median round's throughput, every error counted.
 */
function combine(rounds: LoadFigures[]): LoadFigures {
  const pooled = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    n: rounds.reduce((a, r) => a + r.n, 0),
    errors: rounds.reduce((a, r) => a + r.errors, 0),
    rps: median(rounds.map((r) => r.rps)),
    p50: percentile(pooled, 50),
    p95: percentile(pooled, 95),
    p99: percentile(pooled, 99),
    statuses: [...new Set(rounds.flatMap((r) => r.statuses))].slice(0, 5),
    latencies: pooled,
  };
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');
const ratio = (r: Row) => (r.compare === 'p95' ? r.run.p95 / r.base.p95 : r.run.rps / r.base.rps);

async function main() {
  ensureBenchTools();
  await ensureSeeded();
  const url = benchUrl(DB);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  // The viewer: the company at Copenhagen's centre (company ids cycle through CITIES; id 12 is residue 0).
  const viewerCompany = CITIES.length;
  const viewers = await sql<{ id: number; username: string; company_id: number }[]>`
    select id, username, company_id from users where company_id <= ${CITIES.length} order by id`;
  const viewer = viewers.find((u) => u.company_id === viewerCompany)!;
  // Logins need a real hash (the seed stores none).
  await sql`update users set password_hash = ${await hashPassword(PASSWORD)} where id in ${sql(viewers.map((v) => v.id))}`;
  const [center] = await sql<{ lat: number; lng: number }[]>`
    select latitude as lat, longitude as lng from company_addresses where company_id = ${viewerCompany} and is_primary`;
  const [{ max } = { max: 1 }] = await sql<{ max: number }[]>`select max(id)::int as max from materials`;
  const [{ total } = { total: 0 }] = await sql<{ total: number }[]>`select count(*)::int as total from materials`;
  // Detail ids: active listings of approved companies other than the viewer's (the ones a viewer can open).
  const detailIds = (
    await sql<{ id: number }[]>`
      select id from materials where status = 'active' and company_id <> ${viewerCompany}
      and id >= ${Math.floor(max / 3)} order by id limit 200`
  ).map((r) => r.id);

  const server = await startApp(benchServerEnv(url, SECRET, `/tmp/${DB}-bench`, { TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '100000' }));
  const token = createTokenService(SECRET).signUser({ sub: String(viewer.id), role: 'MEMBER', company_id: viewerCompany, tv: 0 }, 3600);
  const auth = { authorization: `Bearer ${token}` };
  const detailRes = await fetch(`${server.base}/api/v2/materials/${detailIds[0]}`, { headers: auth });
  if (detailRes.status !== 200) throw new Error(`detail answered ${detailRes.status}: ${await detailRes.text()}`);
  const detailJson = await detailRes.text();
  const baselines = await startBaselines({
    BASELINE_DB: url,
    BASELINE_JSON: detailJson,
    BASELINE_CENTER: JSON.stringify({ ...center, company_id: viewerCompany }),
    BASELINE_VIEWER: String(viewer.id),
  });

  const rows: Row[] = [];
  // Fixed-rate rows compare p95s: twice the row's seconds a round (250 requests at 25 req/s, the p95 the 13th
  // slowest), where 125 made the same code's ratio move by 0.3 between runs.
  const fixed = (u: string, extra: Partial<LoadSpec> = {}): LoadSpec => ({ url: u, connections: 4, rate: RATE, seconds: SECONDS * 2, ...extra });
  const pair = async (
    group: string,
    name: string,
    baseline: string,
    baseSpec: LoadSpec,
    runSpec: LoadSpec,
    compare: Row['compare'],
    target: string,
    met: (r: Row) => boolean | null,
  ) => {
    if (MATCH && !name.includes(MATCH)) return;
    // Warm both ends (plans cached, code compiled) before measuring.
    await fetch(baseSpec.url, { headers: baseSpec.headers }).catch(() => {});
    await fetch(runSpec.url, { headers: runSpec.headers, method: runSpec.method, body: runSpec.body }).catch(() => {});
    // ROUNDS interleaved rounds (baseline, scenario, baseline, scenario, ...), pooled: a slow stretch of the
    // machine (a checkpoint's flush, a neighbour) falls on both sides alike rather than on one row's one run.
    const bases: LoadFigures[] = [];
    const runs: LoadFigures[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      bases.push(await runLoad(baseSpec));
      runs.push(await runLoad(runSpec));
    }
    const base = combine(bases);
    const run = combine(runs);
    const row: Row = { group, name, baseline, base, run, compare, target, met: null };
    row.met = met(row);
    rows.push(row);
    console.log(
      `${name}: p50 ${ms(run.p50)} p95 ${ms(run.p95)} ms, ${run.rps.toFixed(0)} req/s, ${run.errors} errors${run.statuses.length ? ` (${run.statuses.join(',')})` : ''} | ${baseline}: p95 ${ms(base.p95)} ms, ${base.rps.toFixed(0)} req/s | ratio ${ratio(row).toFixed(2)}`,
    );
  };
  const api = (p: string) => `${server.base}${p}`;
  const knn = (km: number, page = 0) => `${baselines.base}/knn?km=${km}&page=${page}`;
  const searchTarget = 'p95 ≤ 2x KNN SQL';
  const within2x = (r: Row) => r.run.errors === 0 && ratio(r) <= 2;

  try {
    if (want('search')) {
      // The app's searches against the KNN SQL of the same radius (40 km for the wider ones): name, baseline, query.
      const againstKnn: [name: string, baseline: string, km: number, query: string][] = [
        ...[5, 20, 40].map((km): [string, string, number, string] => [
          `search ${km} km, nearest`,
          `Express + KNN SQL ${km} km`,
          km,
          `proximity=${km}`,
        ]),
        ['search any distance, nearest', 'Express + KNN SQL 40 km', 40, 'proximity=any'],
        ['search 40 km, newest first', 'Express + KNN SQL 40 km', 40, 'proximity=40&sort=newest'],
        ['search 40 km, page 20', 'Express + KNN SQL 40 km page 0', 40, 'proximity=40&page=20'],
        ['search above 40 km, nearest', 'Express + KNN SQL 40 km', 40, 'proximity=above40'],
        ['search q= a word nothing has, any distance', 'Express + KNN SQL 40 km', 40, 'proximity=any&q=zzqxv'],
        ['search q= a common word, 40 km', 'Express + KNN SQL 40 km', 40, 'proximity=40&q=listing'],
      ];
      for (const [name, baseline, km, query] of againstKnn) {
        await pair(
          'search',
          name,
          baseline,
          fixed(knn(km)),
          fixed(api(`/api/v2/materials?${query}`), { headers: auth }),
          'p95',
          searchTarget,
          within2x,
        );
      }
      // The app against itself: a deep page and the other order cost about what the first page costs.
      await pair(
        'search',
        'search 40 km, page 20 against page 0',
        'search 40 km, page 0 (the app)',
        fixed(api('/api/v2/materials?proximity=40'), { headers: auth }),
        fixed(api('/api/v2/materials?proximity=40&page=20'), { headers: auth }),
        'p95',
        'p95 ≤ 1.2x page 0',
        (r) => r.run.errors === 0 && ratio(r) <= 1.2,
      );
      await pair(
        'search',
        'search 40 km, newest first against nearest first',
        'search 40 km, nearest first (the app)',
        fixed(api('/api/v2/materials?proximity=40'), { headers: auth }),
        fixed(api('/api/v2/materials?proximity=40&sort=newest'), { headers: auth }),
        'p95',
        'p95 ≤ 1.5x nearest first',
        (r) => r.run.errors === 0 && ratio(r) <= 1.5,
      );
      // Deep pages: refused or cheap, never an OFFSET walk. An error answer (400) counts as bounded.
      await pair(
        'search',
        'search newest, page 8000, size 100 (any distance; past the page cap, answered 400)',
        'Express + KNN SQL 40 km',
        fixed(knn(40)),
        fixed(api('/api/v2/materials?proximity=any&sort=newest&page=8000&size=100'), { headers: auth }),
        'p95',
        'bounded: p95 ≤ 2x KNN SQL',
        (r) => ratio(r) <= 2,
      );
    }
    if (want('detail')) {
      // Saturation: 8 connections flat out, throughput against bare Express answering the same JSON.
      const paths = detailIds.map((id) => `/api/v2/materials/${id}`);
      await pair(
        'detail',
        'listing detail (8 connections, flat out)',
        'bare Express, same JSON',
        { url: `${baselines.base}/bare`, connections: 8, rate: 0, seconds: SECONDS },
        { url: api(paths[0]!), paths, headers: auth, connections: 8, rate: 0, seconds: SECONDS },
        'rps',
        'throughput ≥ 50% of bare',
        (r) => r.run.errors === 0 && ratio(r) >= 0.5,
      );
      // The floor of the design: Express running the app's own two statements (token check, detail), prepared.
      await pair(
        'detail',
        'listing detail (8 connections, flat out)',
        "Express + the app's two statements",
        {
          url: `${baselines.base}/detail-sql/${detailIds[0]}`,
          paths: detailIds.map((id) => `/detail-sql/${id}`),
          connections: 8,
          rate: 0,
          seconds: SECONDS,
        },
        { url: api(paths[0]!), paths, headers: auth, connections: 8, rate: 0, seconds: SECONDS },
        'rps',
        '— (floor of two round trips)',
        () => null,
      );
      await pair(
        'detail',
        'listing detail at 50 req/s',
        'bare Express, same JSON',
        fixed(`${baselines.base}/bare`, { rate: 50 }),
        fixed(api(paths[0]!), { paths, headers: auth, rate: 50 }),
        'p95',
        '—',
        () => null,
      );
    }
    if (want('login')) {
      const bodies = viewers.map((v) => JSON.stringify({ username: v.username, password: PASSWORD }));
      const loginSpec = (rate: number, connections: number): LoadSpec => ({
        url: api('/api/auth/login'),
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        bodies,
        randomForwardedFor: true,
        connections,
        rate,
        seconds: SECONDS,
      });
      await sql`delete from auth_throttle`;
      await pair(
        'login',
        'login at 4 req/s',
        'one argon2 verify at 4 req/s',
        // 4 logins a second: six times the row's seconds (120 a round), so that a p95 is not the third-slowest of 60.
        fixed(`${baselines.base}/argon2`, { rate: 4, connections: 2, seconds: SECONDS * 6 }),
        { ...loginSpec(4, 2), seconds: SECONDS * 6 },
        'p95',
        'p95 ≤ 1.3x argon2 + 10 ms',
        (r) => r.run.errors === 0 && r.run.p95 <= 1.3 * r.base.p95 + 10,
      );
      // Other routes while logins saturate: detail at a fixed rate alone, then with logins flat out beside it.
      const paths = detailIds.map((id) => `/api/v2/materials/${id}`);
      const detailSpec = fixed(api(paths[0]!), { paths, headers: auth, rate: 50 });
      const searchSpec = fixed(api('/api/v2/materials?proximity=40'), { headers: auth, rate: RATE });
      for (const [name, spec] of [
        ['listing detail at 50 req/s', detailSpec],
        ['search 40 km', searchSpec],
      ] as const) {
        const alones: LoadFigures[] = [];
        const busies: LoadFigures[] = [];
        const loginRounds: LoadFigures[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          await sql`delete from auth_throttle`;
          alones.push(await runLoad(spec));
          const [b, l] = await Promise.all([runLoad(spec), runLoad(loginSpec(0, 8))]);
          busies.push(b);
          loginRounds.push(l);
        }
        const [alone, busy, logins] = [combine(alones), combine(busies), combine(loginRounds)];
        const row: Row = {
          group: 'login',
          name: `${name} while logins saturate (${logins.rps.toFixed(0)} logins/s, ${logins.errors} refused)`,
          baseline: `${name} alone`,
          base: alone,
          run: busy,
          compare: 'p95',
          target: 'p95 ≤ 2x alone',
          met: null,
        };
        row.met = busy.errors === 0 && ratio(row) <= 2;
        rows.push(row);
        console.log(
          `${row.name}: p95 ${ms(busy.p95)} ms vs ${ms(alone.p95)} ms alone, ratio ${ratio(row).toFixed(2)}; logins p95 ${ms(logins.p95)} ms`,
        );
      }
      await sql`delete from auth_throttle`;
    }
  } finally {
    await baselines.stop();
    await server.stop();
    await sql.end();
  }

  // Plug-ins: other scenario modules (notifications, chat, stats, CSV, soak, ...).
  const plugins: PluginResult[] = [];
  // Plug-ins run unless --only names only built-in groups; --only may also name plug-ins one by one.
  if (!ONLY.length || ONLY.some((o) => !['search', 'detail', 'login'].includes(o))) {
    const skip = new Set(['index.ts', 'load-runner.ts', 'baselines-server.ts', 'common.ts']);
    for (const file of readdirSync(import.meta.dirname).sort()) {
      if (!file.endsWith('.ts') || file.endsWith('.d.ts') || skip.has(file)) continue;
      const full = path.join(import.meta.dirname, file);
      if (!/export const scenarios\b/.test(readFileSync(full, 'utf8'))) continue;
      const mod = (await import(pathToFileURL(full).href)) as { scenarios: { name: string; run: () => Promise<PluginResult[]> }[] };
      for (const s of mod.scenarios) {
        if ((ONLY.length && !ONLY.includes('plugins') && !ONLY.includes(s.name)) || SKIP.includes(s.name)) continue;
        console.log(`\n== ${s.name} (${file})`);
        plugins.push(...(await s.run()));
      }
    }
  }

  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT }).toString().trim()
    ? ' (with uncommitted changes)'
    : '';
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const machine = `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end`;
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on commit ${commit}${dirty}; ${machine}.`,
    `Database ${DB}: ${total.toLocaleString('en')} listings (viewer at Copenhagen's centre); fixed-rate rows ${RATE} req/s unless named, ${ROUNDS} interleaved rounds per row of ${SECONDS * 2} s at a fixed rate, ${SECONDS} s flat out, ${SECONDS * 6} s for the 4 logins/s row (latency percentiles over all rounds' responses, throughput the median round's), 4 connections; app, baselines and autocannon in three processes.`,
    '',
    '| scenario | baseline (same run) | p50 ms | p95 ms | req/s | errors | baseline p95 ms | baseline req/s | ratio | target | met |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.baseline} | ${ms(r.run.p50)} | ${ms(r.run.p95)} | ${r.run.rps.toFixed(0)} | ${r.run.errors} | ${ms(r.base.p95)} | ${r.base.rps.toFixed(0)} | ${ratio(r).toFixed(2)} ${r.compare === 'p95' ? '(p95)' : '(req/s)'} | ${r.target} | ${r.met === null ? '—' : r.met ? 'yes' : '**no**'} |`,
    ),
  ];
  // Search's absolute goal over every radius, sort and page row (not the refused deep page).
  const searchRows = rows.filter((r) => r.group === 'search' && r.baseline.startsWith('Express + KNN SQL') && !r.name.includes('page 8000'));
  if (searchRows.length) {
    const worst = searchRows.reduce((a, b) => (b.run.p95 > a.run.p95 ? b : a));
    plugins.unshift({
      name: 'search p95, worst of the rows against the KNN SQL',
      figure: `${ms(worst.run.p95)} ms (${worst.name})`,
      target: '< 25 ms',
      met: worst.run.p95 < 25,
    });
  }
  if (plugins.length) {
    lines.push(
      '',
      '| scenario | figure | target | met |',
      '|---|---|---|---|',
      ...plugins.map((p) => `| ${p.name} | ${p.figure} | ${p.target} | ${p.met ? 'yes' : '**no**'} |`),
    );
  }
  const text = lines.join('\n');
  console.log(`\n${text}\n`);
  if (WRITE && !ONLY.length) writeGenerated(text);
  else if (WRITE) console.log('(--only given: docs/benchmarks.md left as it is; a full run writes it)');
}

const BEGIN = '<!-- npm run bench: generated section, rewritten by scripts/bench/index.ts -->';
const END = '<!-- end of generated section -->';
function writeGenerated(text: string) {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const section = `${BEGIN}\n## Latest \`npm run bench\`\n\n${text}\n${END}`;
  const i = doc.indexOf(BEGIN);
  const j = doc.indexOf(END);
  const next = i >= 0 && j > i ? doc.slice(0, i) + section + doc.slice(j + END.length) : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
  console.log(`docs/benchmarks.md: generated section written`);
}

runMain(main);
