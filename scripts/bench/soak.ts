// Soak: a steady mixed load on the demo data for --minutes (default 10): browse (pages), search
// (40 km), listing detail, notifications, counters, the chat list, and chat messages sent; p99 per window,
// its drift from the first windows after warm-up to the last ones (three pooled at each end), errors, and the
// server's RSS growth.
// The app runs in its own process on a scratch Postgres database and seeds the demo itself.
//   node --import tsx scripts/bench/soak.ts [--minutes 10] [--rate 20] [--window 30]
import { loginAt, startServerProcess } from '../../server/test/server-process';
import { arg, percentile, rssMiB, runScenarioIfMain, scratchDatabase, type ScenarioResult } from './common';

const SECRET = 'bench-perfmore-secret-that-is-long-enough-0123456789';

export async function soakBench(): Promise<ScenarioResult[]> {
  const minutes = Number(arg('minutes', '10'));
  const rate = Number(arg('rate', '20'));
  const windowS = Number(arg('window', '30'));
  const { default: autocannon } = await import('autocannon');
  const scratch = await scratchDatabase('bench_perfmore_soak');
  const server = await startServerProcess(
    {
      DATABASE_URL: scratch.url,
      JWT_SECRET: SECRET,
      SEED_DEMO: 'true',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATA_DIR: '/tmp/perfmore-bench-soak',
      RATE_LIMIT_SCALE: '100000',
    },
    600_000,
  );
  try {
    const token = await loginAt(server.base, 'manager');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const get = async <T>(path: string) => (await (await fetch(`${server.base}${path}`, { headers })).json()) as T;
    const ids = (await get<{ items: { id: number }[] }>('/api/v2/materials?proximity=any&size=50')).items.map((i) => i.id);
    const chat = (await get<{ items: { id: number; read_only: boolean }[] }>('/api/chats')).items.find((c) => !c.read_only);
    let n = 0;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    // Reads rotated per request on one autocannon instance; chat messages (a twelfth of the rate) on a second one,
    // since autocannon keeps one method and body per instance.
    const mix: (() => { path: string })[] = [
      () => ({ path: `/api/v2/materials?proximity=any&page=${n % 5}` }),
      () => ({ path: '/api/v2/materials?proximity=40' }),
      () => ({ path: '/api/v2/materials?proximity=40&sort=newest' }),
      () => ({ path: `/api/v2/materials/${pick(ids)}` }),
      () => ({ path: `/api/v2/materials/${pick(ids)}` }),
      () => ({ path: '/api/notifications?page=0' }),
      () => ({ path: '/api/notifications/unseen' }),
      () => ({ path: '/trpc/notifications.counters' }),
      () => ({ path: '/api/chats' }),
      () => ({ path: `/api/v2/materials?proximity=20&page=${n % 3}` }),
      () => ({ path: chat ? `/api/chats/${chat.id}` : '/api/chats' }),
    ];
    const windows: { p50: number; p99: number; n: number; errors: number; rss: number; latencies: number[] }[] = [];
    let current: number[] = [];
    let errors = 0;
    let windowErrors = 0;
    const writes = chat ? Math.max(1, Math.round(rate / 12)) : 0;
    const instances = [
      autocannon({
        url: server.base,
        headers,
        connections: 4,
        overallRate: rate - writes,
        duration: minutes * 60,
        requests: [{ setupRequest: (req) => ({ ...req, path: mix[n++ % mix.length]!().path }) }],
      }),
    ];
    if (chat)
      instances.push(
        autocannon({
          url: `${server.base}/api/chats/${chat.id}/messages`,
          method: 'POST',
          headers,
          body: JSON.stringify({ message: 'Soak message' }),
          connections: 1,
          overallRate: writes,
          duration: minutes * 60,
        }),
      );
    for (const instance of instances)
      instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
        if (status >= 400) {
          errors++;
          windowErrors++;
        }
        current.push(ms);
      });
    const timer = setInterval(() => {
      void rssMiB(server.child.pid!).then((rss) => {
        windows.push({
          p50: percentile(current, 50),
          p99: percentile(current, 99),
          n: current.length,
          errors: windowErrors,
          rss,
          latencies: current,
        });
        console.log(
          `window ${windows.length}: ${current.length} requests, p50 ${percentile(current, 50).toFixed(1)} ms, p99 ${percentile(current, 99).toFixed(1)} ms, errors ${windowErrors}, RSS ${rss.toFixed(0)} MiB`,
        );
        current = [];
        windowErrors = 0;
      });
    }, windowS * 1000);
    await Promise.all(instances.map((instance) => new Promise((resolve) => instance.on('done', resolve))));
    clearInterval(timer);
    // The first window is warm-up (code compiled, caches filled). Drift and growth compare the start with the end:
    // the p99 of the three windows after warm-up pooled (at 20 req/s and 30 s windows, 1,800 requests: the 18th
    // slowest) against the p99 of the last three pooled, and the median RSS of the same windows. One window's p99
    // is its 6th-slowest request, which one disk flush moves by half; a trend moves all three.
    const span = Math.max(1, Math.min(3, Math.floor((windows.length - 1) / 2)));
    const start = windows.slice(1, 1 + span);
    const end = windows.slice(-span);
    const pooled = (ws: typeof windows) =>
      percentile(
        ws.flatMap((w) => w.latencies),
        99,
      );
    const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const first = { p99: pooled(start), rss: mid(start.map((w) => w.rss)) };
    const last = { p99: pooled(end), rss: mid(end.map((w) => w.rss)) };
    const drift = last.p99 / first.p99 - 1;
    const growth = last.rss / first.rss - 1;
    console.log(
      `\nSoak: ${minutes} min at ${rate} req/s (mixed), ${windows.length} windows of ${windowS} s: errors ${errors}, p99 ${first.p99.toFixed(1)} → ${last.p99.toFixed(1)} ms (${(drift * 100).toFixed(0)} %), RSS ${first.rss.toFixed(0)} → ${last.rss.toFixed(0)} MiB (${(growth * 100).toFixed(1)} %)`,
    );
    return [
      { name: `soak ${minutes} min, errors`, figure: String(errors), target: '0', met: errors === 0 },
      { name: `soak ${minutes} min, p99 drift`, figure: `${(drift * 100).toFixed(0)} %`, target: '≤ 20 %', met: drift <= 0.2 },
      { name: `soak ${minutes} min, memory growth`, figure: `${(growth * 100).toFixed(1)} %`, target: '≤ 10 %', met: growth <= 0.1 },
    ];
  } finally {
    await server.stop();
    await scratch.drop();
  }
}

export const scenarios = [{ name: 'soak', run: soakBench }];

runScenarioIfMain(import.meta.url, soakBench);
