// What recording metrics costs per request (docs/decisions/0142): the HTTP observation that every request
// makes, and the procedure timing of every tRPC call, in nanoseconds per call on this machine.
//   node --import tsx scripts/bench/metrics-overhead.ts
import { createMetrics } from '../../server/lib/metrics';

const metrics = createMetrics();
const routes = Array.from({ length: 60 }, (_, i) => `/api/route-${i}/:id`);
const statuses = [200, 201, 204, 400, 401, 404];
const N = 2_000_000;

function bench(name: string, fn: (i: number) => void) {
  for (let i = 0; i < 50_000; i++) fn(i);
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) fn(i);
  const ns = Number(process.hrtime.bigint() - t) / N;
  console.log(`${name}: ${ns.toFixed(0)} ns per call`);
}

bench('http observation (hrtime read + cached child + histogram)', (i) => {
  const started = process.hrtime.bigint();
  metrics.observeRequest('GET', routes[i % routes.length]!, statuses[i % statuses.length]!, Number(process.hrtime.bigint() - started) / 1e9);
});
bench('procedure observation (two performance.now + cached child + histogram)', (i) => {
  const started = performance.now();
  metrics.observeProcedure(`proc.n${i % 80}`, 'ok', (performance.now() - started) / 1000);
});
const t = process.hrtime.bigint();
const text = await metrics.registry.metrics();
console.log(
  `one scrape with ${routes.length * statuses.length} route/status series: ${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(1)} ms, ${(text.length / 1024).toFixed(0)} KiB`,
);
