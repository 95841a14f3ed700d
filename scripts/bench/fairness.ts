// Read fairness (docs/decisions/0183): one account floods search flat out while another user opens listings at
// a steady 5 a second; the other user's listing-detail p50/p95 with and without the flood, with the read limits
// as shipped (RATE_LIMIT_SCALE=1) and, for comparison, with them raised out of the way (RATE_LIMIT_SCALE=100000).
// The app runs in its own process on a scratch database; each load generator (the viewer, the flood) in its own.
//   node --import tsx scripts/bench/fairness.ts [--rows 20000] [--seconds 12] [--rounds 2] [--flood 32]
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import postgres from 'postgres';
import { createTokenService } from '../../server/lib/tokens';
import { startServerProcess } from '../../server/test/server-process';
import { arg, BENCH_ADMIN_URL, benchServerEnv, benchUrl, percentile, runScenarioIfMain, sleep, type ScenarioResult, runLoad } from './common';
import type { LoadFigures, LoadSpec } from './load-runner';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = 'bench-fairness-secret-that-is-long-enough-0123456789';

interface Figures {
  p50: number;
  p95: number;
  n: number;
  errors: number;
}
const pooled = (runs: LoadFigures[]): Figures => {
  const all = runs.flatMap((r) => r.latencies);
  return { p50: percentile(all, 50), p95: percentile(all, 95), n: all.length, errors: runs.reduce((a, r) => a + r.errors, 0) };
};

export async function fairnessBench(): Promise<ScenarioResult[]> {
  const rows = Number(arg('rows', '20000'));
  const seconds = Number(arg('seconds', '12'));
  const rounds = Number(arg('rounds', '2'));
  const floodConnections = Number(arg('flood', '32'));
  const db = 'synergy_bench_fairness';
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/seed-materials.ts', '--rows', String(rows), '--db', db], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const url = benchUrl(db);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [viewer, flooder] = await sql<{ id: number; company_id: number }[]>`
    select id, company_id from users where email in ('bench1@bench.example', 'bench2@bench.example') order by id`;
  const detailIds = (
    await sql<
      { id: number }[]
    >`select id from materials where status = 'active' and company_id not in (${viewer!.company_id}, ${flooder!.company_id}) order by id limit 200`
  ).map((r) => r.id);
  await sql.end();
  const tokens = createTokenService(SECRET);
  const bearer = (u: { id: number; company_id: number }) => ({
    authorization: `Bearer ${tokens.signUser({ sub: String(u.id), role: 'MEMBER', company_id: u.company_id, tv: 0 }, 3600)}`,
  });
  const lines: string[] = [];
  const results: ScenarioResult[] = [];
  try {
    for (const [label, scale] of [
      ['read limits on (RATE_LIMIT_SCALE=1)', '1'],
      ['read limits out of the way (RATE_LIMIT_SCALE=100000)', '100000'],
    ] as const) {
      const server = await startServerProcess(benchServerEnv(url, SECRET, '/tmp/bench-fairness', { RATE_LIMIT_SCALE: scale }));
      try {
        // 5 a second: well inside one person's allowance (10 a second on average).
        const viewerSpec: LoadSpec = {
          url: `${server.base}/api/v2/materials/${detailIds[0]}`,
          headers: bearer(viewer!),
          paths: detailIds.map((id) => `/api/v2/materials/${id}`),
          connections: 2,
          rate: 5,
          seconds,
        };
        const floodSpec: LoadSpec = {
          url: `${server.base}/api/v2/materials?proximity=40`,
          headers: bearer(flooder!),
          paths: Array.from({ length: 50 }, (_, i) => {
            const q = ['', 'listing', 'bench', 'generated', 'number'][i % 5];
            return `/api/v2/materials?proximity=40&page=${i % 3}${q ? `&q=${q}` : ''}`;
          }),
          connections: floodConnections,
          rate: 0,
          seconds: seconds + 3,
        };
        await runLoad({ ...viewerSpec, seconds: 2 });
        const alone: LoadFigures[] = [];
        const flooded: LoadFigures[] = [];
        const floods: LoadFigures[] = [];
        for (let r = 0; r < rounds; r++) {
          alone.push(await runLoad(viewerSpec));
          // The flood starts first and runs past the viewer's round: the viewer is measured under it throughout.
          const flood = runLoad(floodSpec);
          await sleep(1500);
          flooded.push(await runLoad(viewerSpec));
          floods.push(await flood);
          // Let the flooder's allowance fill again, as it would for a person coming back later.
          await sleep(2000);
        }
        const a = pooled(alone);
        const f = pooled(flooded);
        const fl = floods.reduce((acc, x) => ({ n: acc.n + x.n, errors: acc.errors + x.errors }), { n: 0, errors: 0 });
        const ratio = f.p95 / a.p95;
        lines.push(
          `| ${label} | ${a.p50.toFixed(1)} / ${a.p95.toFixed(1)} | ${f.p50.toFixed(1)} / ${f.p95.toFixed(1)} | ${ratio.toFixed(2)}x | ${fl.n} (${fl.errors} refused) | ${a.errors + f.errors} |`,
        );
        if (scale === '1') {
          results.push({
            name: `fairness: listing detail p95 while another account floods search (${label})`,
            figure: `${a.p95.toFixed(1)} ms alone, ${f.p95.toFixed(1)} ms flooded (${ratio.toFixed(2)}x; p50 ${a.p50.toFixed(1)} → ${f.p50.toFixed(1)} ms)`,
            target: 'flooded p95 ≤ 2x alone, no viewer request refused',
            met: ratio <= 2 && a.errors + f.errors === 0,
          });
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    const admin = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
    if (!process.argv.includes('--keep')) await admin.unsafe(`drop database if exists ${db} with (force)`);
    await admin.end();
  }
  console.log(
    `\nRead fairness: ${rows} listings; viewer 5 detail req/s, 2 connections, ${seconds} s x ${rounds} rounds; flood ${floodConnections} connections flat out on search\n`,
  );
  console.log(
    '| run | detail alone p50 / p95 ms | detail flooded p50 / p95 ms | p95 ratio | flood requests | viewer errors |\n|---|---|---|---|---|---|',
  );
  for (const l of lines) console.log(l);
  return results;
}

export const scenarios = [{ name: 'fairness', run: fairnessBench }];

runScenarioIfMain(import.meta.url, fairnessBench);
