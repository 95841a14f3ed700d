// Embedded database: search (40 km) and listing detail on the demo data, the app on PGlite against
// the same app on Postgres, interleaved in one run (target: within 2x): three rounds of each pair, pooled. Each server runs in its own process and
// seeds the demo itself; the demo manager signs in once on each.
//   node --import tsx scripts/bench/embedded.ts [--rate 20] [--seconds 8] [--rounds 3]
import { rmSync } from 'node:fs';
import { loginAt, startServerProcess, type ServerProcess } from '../../server/test/server-process';
import { arg, interleavedRates, printLoadTable, rssMiB, runScenarioIfMain, scratchDatabase, type LoadResult, type ScenarioResult } from './common';

const SECRET = 'bench-perfmore-secret-that-is-long-enough-0123456789';

export async function embeddedBench(): Promise<ScenarioResult[]> {
  const rate = Number(arg('rate', '20'));
  const seconds = Number(arg('seconds', '8'));
  const rounds = Number(arg('rounds', '3'));
  const scratch = await scratchDatabase('bench_perfmore_embedded');
  const dataDir = '/tmp/perfmore-bench-embedded';
  rmSync(dataDir, { recursive: true, force: true });
  const common = { JWT_SECRET: SECRET, SEED_DEMO: 'true', NODE_ENV: 'development', LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '100000' };
  let pg: ServerProcess | null = null;
  let lite: ServerProcess | null = null;
  try {
    pg = await startServerProcess({ ...common, DATABASE_URL: scratch.url, DATA_DIR: '/tmp/perfmore-bench-embedded-pg' }, 600_000);
    lite = await startServerProcess({ ...common, DATABASE_URL: '', DATA_DIR: dataDir }, 600_000);
    const servers = { postgres: pg, pglite: lite };
    const rows: LoadResult[] = [];
    const ratios: ScenarioResult[] = [];
    const setup = {} as Record<'postgres' | 'pglite', { headers: Record<string, string>; ids: number[] }>;
    for (const [name, s] of Object.entries(servers) as ['postgres' | 'pglite', ServerProcess][]) {
      const token = await loginAt(s.base, 'manager');
      const headers = { authorization: `Bearer ${token}` };
      const page = (await (await fetch(`${s.base}/api/v2/materials?proximity=any&size=50`, { headers })).json()) as { items: { id: number }[] };
      setup[name] = { headers, ids: page.items.map((i) => i.id) };
    }
    for (const [label, path] of [
      ['search 40 km', () => '/api/v2/materials?proximity=40'],
      ['search any distance', () => '/api/v2/materials?proximity=any'],
      ['detail', null],
    ] as const) {
      const pair = await interleavedRates(
        (['postgres', 'pglite'] as const).map((name) => {
          const { headers, ids } = setup[name];
          const next = path ?? (() => `/api/v2/materials/${ids[Math.floor(Math.random() * ids.length)]}`);
          return { name: `${label}, ${name}`, url: `${servers[name].base}${next()}`, o: { rate, seconds, headers, paths: next } };
        }),
        rounds,
      );
      rows.push(...pair);
      const ratio = pair[1]!.p95 / pair[0]!.p95;
      ratios.push({
        name: `embedded / Postgres, ${label}, p95`,
        figure: `${ratio.toFixed(2)}x`,
        target: '≤ 2x',
        met: ratio <= 2 && !pair[1]!.errors,
      });
    }
    console.log(
      `\nEmbedded (PGlite) against Postgres, demo data, ${rate} req/s, ${rounds} interleaved rounds of ${seconds} s per row (pooled), Node ${process.version}\n`,
    );
    printLoadTable(rows, rows[0]!);
    console.log(
      `\nRSS after the runs: Postgres mode ${(await rssMiB(pg.child.pid!)).toFixed(0)} MiB, embedded ${(await rssMiB(lite.child.pid!)).toFixed(0)} MiB`,
    );
    return ratios;
  } finally {
    if (lite) await lite.stop();
    if (pg) await pg.stop();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const scenarios = [{ name: 'embedded', run: embeddedBench }];

runScenarioIfMain(import.meta.url, embeddedBench);
