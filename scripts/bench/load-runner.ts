// The load generator of `npm run bench`, in its own process so it never shares the app's event loop:
// autocannon at a fixed overall rate (or flat out when rate is 0), latencies from its per-response events.
//   node --import tsx scripts/bench/load-runner.ts '<json LoadSpec>'   → prints one JSON LoadFigures line
import autocannon from 'autocannon';
import { percentile } from './common';
import { runMain } from '../cli';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Paths to rotate through, one per request (relative to url's origin). */
  paths?: string[];
  /** Bodies to rotate through (POST), one per request. */
  bodies?: string[];
  /** A random X-Forwarded-For per request (the app must trust the proxy), so per-address limits do not bite. */
  randomForwardedFor?: boolean;
  connections: number;
  /** Requests per second over all connections; 0 = as fast as the server answers (saturation). */
  rate: number;
  seconds: number;
}

export interface LoadFigures {
  n: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** The first few non-2xx statuses seen, for the log. */
  statuses: number[];
  /** Every response's latency (ms, ascending): the bench pools a row's rounds into one distribution. */
  latencies: number[];
}

async function main() {
  const spec = JSON.parse(process.argv[2]!) as LoadSpec;
  const latencies: number[] = [];
  const statuses: number[] = [];
  let errors = 0;
  let i = 0;
  const instance = autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    connections: spec.connections,
    ...(spec.rate > 0 ? { overallRate: spec.rate } : {}),
    duration: spec.seconds,
    requests:
      spec.paths || spec.bodies || spec.randomForwardedFor
        ? [
            {
              setupRequest: (req) => {
                const k = i++;
                const headers = spec.randomForwardedFor
                  ? { ...req.headers, 'x-forwarded-for': `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}` }
                  : req.headers;
                return {
                  ...req,
                  headers,
                  ...(spec.paths ? { path: spec.paths[k % spec.paths.length]! } : {}),
                  ...(spec.bodies ? { body: spec.bodies[k % spec.bodies.length]! } : {}),
                };
              },
            },
          ]
        : undefined,
  });
  const started = performance.now();
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 400) {
      errors++;
      if (statuses.length < 5) statuses.push(status);
    }
    latencies.push(ms);
  });
  await new Promise((resolve) => instance.on('done', resolve));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const out: LoadFigures = {
    n: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
    latencies: latencies.map((x) => Math.round(x * 100) / 100),
  };
  console.log(JSON.stringify(out));
}

if (process.argv[2]) runMain(main);
