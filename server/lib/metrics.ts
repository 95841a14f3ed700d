// Prometheus metrics (prom-client), one registry per app instance, served at GET /metrics (server/http/metrics.ts).
// Recording is kept cheap on hot paths: a request costs one hrtime read at start and one cached-child
// histogram observation at the end. Gauges that need the database (outbox depth, pool) are read at scrape
// time, never per request. docs/decisions/0142-metrics.md.
import client, { type Counter, type Gauge, type Histogram, type Registry } from 'prom-client';

/** Seconds. Covers a cached answer (~2 ms) to a slow upload or export (10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type ProcedureOutcome = 'ok' | 'client_error' | 'server_error';
export type JobRunOutcome = 'ran' | 'done' | 'locked' | 'failed';

export interface Metrics {
  readonly registry: Registry;
  /** One finished HTTP request: `route` is a pattern (`/api/chats/:id`), never a raw path. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One tRPC procedure call (either transport: REST adapters call procedures too). */
  observeProcedure(path: string, outcome: ProcedureOutcome, seconds: number): void;
  readonly ws: {
    opened: Counter;
    closed: Counter;
    refused: Counter<'status'>;
    framesSent: Counter;
    framesReceived: Counter;
    slowConsumers: Counter;
  };
  readonly jobs: {
    runs: Counter<'job' | 'outcome'>;
    duration: Histogram<'job'>;
    lastSuccess: Gauge<'job'>;
  };
  /** Gauges read at scrape time. Each source may be async; a failing source leaves its gauge empty for that scrape. */
  registerSources(sources: MetricSources): void;
  /** Node process metrics (CPU, memory, event-loop lag, GC); once per process, not per test app. */
  collectProcessMetrics(): void;
}

export interface MetricSources {
  sockets?: () => number;
  /** Mail waiting in the outbox: queued rows and the age of the oldest in seconds. */
  outbox?: () => Promise<{ queued: number; failed: number; oldest_queued_seconds: number }>;
  /** This instance's database connections by state, and the pool's size. */
  pool?: () => Promise<{ max: number; states: Record<string, number> }>;
  draining?: () => boolean;
}

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  const requests = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status; the _count series is the request rate.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const procedures = new client.Histogram({
    name: 'trpc_procedure_duration_seconds',
    help: 'tRPC procedure calls (tRPC and REST transports) by procedure and outcome.',
    labelNames: ['procedure', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // Label hashing is the costly part of an observation; children are cached per label combination.
  const requestChildren = new Map<string, Histogram.Internal<string>>();
  const procedureChildren = new Map<string, Histogram.Internal<string>>();

  const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
    new client.Counter<L>({ name, help, labelNames, registers: [registry] });

  const ws = {
    opened: counter('synergy_ws_connections_opened_total', 'WebSocket connections accepted.'),
    closed: counter('synergy_ws_connections_closed_total', 'WebSocket connections closed, for any reason.'),
    refused: counter('synergy_ws_upgrades_refused_total', 'WebSocket upgrades refused, by HTTP status.', ['status'] as const),
    framesSent: counter('synergy_ws_frames_sent_total', 'WebSocket messages sent to clients.'),
    framesReceived: counter('synergy_ws_frames_received_total', 'WebSocket messages received from clients.'),
    slowConsumers: counter('synergy_ws_slow_consumers_terminated_total', 'Sockets terminated for holding too much unsent data.'),
  };
  const jobs = {
    runs: counter(
      'synergy_job_runs_total',
      'Job attempts by type and outcome: ran, retried (will try again), failed (gave up); done: a recurring period another instance had already enqueued.',
      ['job', 'outcome'] as const,
    ),
    duration: new client.Histogram({
      name: 'synergy_job_duration_seconds',
      help: 'Duration of job attempts that succeeded.',
      labelNames: ['job'] as const,
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    lastSuccess: new client.Gauge({
      name: 'synergy_job_last_success_timestamp_seconds',
      help: 'Unix time of the last successful run of each job on this instance.',
      labelNames: ['job'] as const,
      registers: [registry],
    }),
  };

  let sources: MetricSources = {};
  new client.Gauge({
    name: 'synergy_ws_connections',
    help: 'Open WebSocket connections on this instance.',
    registers: [registry],
    collect() {
      if (sources.sockets) this.set(sources.sockets());
    },
  });
  new client.Gauge({
    name: 'synergy_draining',
    help: '1 while this instance is shutting down (readiness fails), else 0.',
    registers: [registry],
    collect() {
      this.set(sources.draining?.() ? 1 : 0);
    },
  });
  const outboxGauge = (name: string, help: string, pick: (o: Awaited<ReturnType<NonNullable<MetricSources['outbox']>>>) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.reset();
        const outbox = await sources.outbox?.().catch(() => null);
        if (outbox) this.set(pick(outbox));
      },
    });
  outboxGauge('synergy_mail_outbox_queued', 'Mails waiting in the outbox.', (o) => o.queued);
  outboxGauge('synergy_mail_outbox_failed', 'Mails given up after the last attempt.', (o) => o.failed);
  outboxGauge('synergy_mail_outbox_oldest_queued_seconds', 'Age of the oldest queued mail (0 when none).', (o) => o.oldest_queued_seconds);
  new client.Gauge({
    name: 'synergy_db_pool_connections',
    help: "This instance's Postgres connections by state (pg_stat_activity: active, idle, idle in transaction, ...).",
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const pool = await sources.pool?.().catch(() => null);
      if (pool) for (const [state, n] of Object.entries(pool.states)) this.set({ state }, n);
    },
  });
  new client.Gauge({
    name: 'synergy_db_pool_max',
    help: 'Connections the pool may open (DATABASE_POOL_SIZE; 1 on the embedded database).',
    registers: [registry],
    async collect() {
      this.reset();
      const pool = await sources.pool?.().catch(() => null);
      if (pool) this.set(pool.max);
    },
  });

  let processMetrics = false;
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const m = KNOWN_METHODS.has(method) ? method : 'OTHER';
      const key = `${m} ${status} ${route}`;
      let child = requestChildren.get(key);
      if (!child) {
        child = requests.labels(m, route, String(status));
        requestChildren.set(key, child);
      }
      child.observe(seconds);
    },
    observeProcedure(path, outcome, seconds) {
      const key = `${outcome} ${path}`;
      let child = procedureChildren.get(key);
      if (!child) {
        child = procedures.labels(path, outcome);
        procedureChildren.set(key, child);
      }
      child.observe(seconds);
    },
    ws,
    jobs,
    registerSources(s) {
      // Several gauges read one source in the same scrape: one query serves them all.
      sources = { ...sources, ...s, outbox: s.outbox ? memo(s.outbox) : sources.outbox, pool: s.pool ? memo(s.pool) : sources.pool };
    },
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      client.collectDefaultMetrics({ register: registry });
    },
  };
}

/** One query for all the gauges of one scrape: calls made while an answer is pending share it. */
function memo<T>(fn: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= fn().finally(() => {
      pending = null;
    }));
}
