// Shared bits of the materials benchmark scripts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runMain } from '../cli';
import type { LoadFigures, LoadSpec } from './load-runner';

export const BENCH_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function benchUrl(db: string): string {
  const u = new URL(BENCH_ADMIN_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

export function arg(name: string, fallback: string, argv: readonly string[] = process.argv): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
}

/** City centres; `i` is the company-id residue that clusters around each (company i is its viewer). */
export const CITIES = [
  { name: 'Copenhagen', lat: 55.6761, lng: 12.5683, country: 'DK' },
  { name: 'Aarhus', lat: 56.1629, lng: 10.2039, country: 'DK' },
  { name: 'Berlin', lat: 52.52, lng: 13.405, country: 'DE' },
  { name: 'Hamburg', lat: 53.5511, lng: 9.9937, country: 'DE' },
  { name: 'London', lat: 51.5072, lng: -0.1276, country: 'GB' },
  { name: 'Manchester', lat: 53.4808, lng: -2.2426, country: 'GB' },
  { name: 'Milan', lat: 45.4642, lng: 9.19, country: 'IT' },
  { name: 'Rome', lat: 41.9028, lng: 12.4964, country: 'IT' },
  { name: 'Bucharest', lat: 44.4268, lng: 26.1025, country: 'RO' },
  { name: 'Athens', lat: 37.9838, lng: 23.7275, country: 'GR' },
  { name: 'Dubai', lat: 25.2048, lng: 55.2708, country: 'AE' },
  { name: 'Kuala Lumpur', lat: 3.139, lng: 101.6869, country: 'MY' },
].map((c, i) => ({ ...c, i }));

// ---- shared by the scenarios (notifications, chat, stats, csv, soak, embedded) ----

/** A scenario `npm run bench` can run; `run` prints its own table and returns its rows for the summary. */
export interface Scenario {
  name: string;
  run: () => Promise<ScenarioResult[]>;
}
export interface ScenarioResult {
  name: string;
  figure: string;
  target: string;
  met: boolean;
}

/**
 * The environment of an app process a benchmark starts on `url`: production mode, no demo data, its files under
 * `dataDir`; `extra` adds to it (rate limits, proxies).
 */
export function benchServerEnv(url: string, secret: string, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: url,
    JWT_SECRET: secret,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    ...extra,
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The p-th percentile (0-100) of a list of numbers (nearest rank); NaN when empty. */
export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** Drops (if present) and creates a scratch database on the bench server; returns its URL and a drop(). */
export async function scratchDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: postgres } = await import('postgres');
  const admin = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  return {
    url: benchUrl(name),
    async drop() {
      const a = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface LoadResult {
  name: string;
  n: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  /** Every response's latency (ms), in arrival order. */
  latencies: number[];
}

type FixedRateOptions = Parameters<typeof fixedRate>[2];

/**
 * Several fixed-rate rows measured side by side: `rounds` rounds, each running every row once in order, one
 * warm-up request per row first; each row's figures are percentiles of all its rounds' responses together. A
 * slow stretch of the machine (a checkpoint, a neighbour) then falls on every row alike instead of on one row's
 * single run (one 8 s run per row moved a p95 by a third between runs of the same code).
 */
export async function interleavedRates(specs: readonly { name: string; url: string; o: FixedRateOptions }[], rounds = 3): Promise<LoadResult[]> {
  for (const s of specs) await fetch(s.o.paths ? new URL(s.o.paths(), s.url) : s.url, { headers: s.o.headers }).catch(() => {});
  const runs = specs.map(() => [] as LoadResult[]);
  for (let r = 0; r < rounds; r++) {
    for (const [i, s] of specs.entries()) runs[i]!.push(await fixedRate(s.name, s.url, s.o));
  }
  return specs.map((s, i) => {
    const latencies = runs[i]!.flatMap((x) => x.latencies);
    return {
      name: s.name,
      n: latencies.length,
      errors: runs[i]!.reduce((a, x) => a + x.errors, 0),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      latencies,
    };
  });
}

/**
 * Fixed-rate load with autocannon from this process against a server in another process; latencies from its
 * per-response events (ms). `paths` rotates the request path per request when given.
 */
export async function fixedRate(
  name: string,
  url: string,
  o: {
    rate: number;
    seconds: number;
    headers?: Record<string, string>;
    connections?: number;
    paths?: () => string;
    method?: 'GET' | 'POST';
    body?: string;
  },
): Promise<LoadResult> {
  const { default: autocannon } = await import('autocannon');
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url,
    method: o.method ?? 'GET',
    headers: o.headers,
    body: o.body,
    connections: o.connections ?? 4,
    overallRate: o.rate,
    duration: o.seconds,
    requests: o.paths ? [{ setupRequest: (req) => ({ ...req, path: o.paths!() }) }] : undefined,
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 400) errors++;
    latencies.push(ms);
  });
  await new Promise((resolve) => instance.on('done', resolve));
  return {
    name,
    n: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    latencies,
  };
}

/** Prints load results as a Markdown table with ratios to `ref` (the baseline measured in the same run). */
export function printLoadTable(rows: readonly LoadResult[], ref: LoadResult) {
  console.log('| scenario | requests | errors | p50 ms | p95 ms | p99 ms | p50 / baseline | p95 / baseline |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.n} | ${r.errors} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.p50 / ref.p50).toFixed(2)} | ${(r.p95 / ref.p95).toFixed(2)} |`,
    );
  }
}

/**
 * A baseline server in its own process (scripts/bench/bare-server.ts): `GET /bare` answers `json` with bare
 * Express; `/ws` is a bare `ws` server whose `POST /broadcast` sends the body to every open socket.
 */
export async function startBareServer(json: unknown = { ok: true }): Promise<{ base: string; port: number; stop: () => Promise<void> }> {
  const root = path.resolve(import.meta.dirname, '../..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/bare-server.ts'], {
    cwd: root,
    env: { ...process.env, BARE_JSON: JSON.stringify(json) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process in MiB (Linux). */
export async function rssMiB(pid: number): Promise<number> {
  const { readFileSync } = await import('node:fs');
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

/** Runs `main` when the file is executed directly (not when imported by index.ts). */
export function runIfMain(url: string, main: () => Promise<unknown>) {
  const entry = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : '';
  if (entry === url) runMain(async () => void (await main()));
}

/** Runs a scenario when its file is executed directly, and prints each of its results as met or missed. */
export function runScenarioIfMain(url: string, run: () => Promise<readonly ScenarioResult[]>) {
  runIfMain(url, async () => {
    const results = await run();
    console.log();
    for (const r of results) console.log(`${r.met ? 'MET ' : 'MISS'} ${r.name}: ${r.figure} (target ${r.target})`);
  });
}

/** Round-trip times (ms) of one statement run `n` times on a postgres.js client, after two warm-up runs. */
export async function statementTimes(
  sql: { unsafe: (q: string, p?: never[]) => PromiseLike<unknown> },
  q: { sql: string; params: unknown[] },
  n = 50,
) {
  const times: number[] = [];
  for (let i = 0; i < n + 2; i++) {
    const t = performance.now();
    await sql.unsafe(q.sql, q.params as never[]);
    if (i >= 2) times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Runs one load (scripts/bench/load-runner.ts) in a process of its own, so the load's own work does not slow the server's. */
export function runLoad(spec: LoadSpec): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/load-runner.ts', JSON.stringify(spec)], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load runner exited with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').pop()!) as LoadFigures);
    });
  });
}
