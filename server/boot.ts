// Start-up in one place: open and migrate the database, seed, build deps, serve HTTP + WebSocket.
import http from 'node:http';
import pino from 'pino';
import { createApp } from './app';
import { applicationName, openDatabase, type Database } from './db/client';
import { seedDemo } from './demo';
import { refuseDemoCredentials } from './demo/guard';
import { seedDemoListings } from './demo/listing-photos';
import { seedDemoRegistrations } from './demo/registrations';
import { seedReferenceData } from './db/seed/reference';
import type { Env } from './env';
import { createLogger, type Logger } from './lib/logger';
import { warmPasswordWorker } from './lib/password';
import { buildDeps, type Deps } from './deps';
import { ensureBootstrapAdmin, userOfClaims } from './modules/auth/service';
import { registerListeners } from './listeners';
import { startNotificationPublisher } from './modules/notifications/publisher';
import { answerClientRequest } from './modules/notifications/service';
import { createHub, type Hub } from './ws/hub';
import { jobHandlers, RECURRING_JOBS } from './jobs';
import { startQueue } from './jobs/queue';
import { createMailTransport } from './lib/mail-sender';
import { outboxDepth } from './lib/mail';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RunningServer {
  port: number;
  deps: Deps;
  close(): Promise<void>;
}

export async function prepareDatabase(env: Env, logger: Logger): Promise<Database> {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.dataDir,
    poolSize: env.DATABASE_POOL_SIZE,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  const t0 = Date.now();
  // Instances that start together (a fresh deployment, a scale-up) take turns.
  await database.exclusive(async () => {
    await database.migrate();
    await seedReferenceData(database.db);
  });
  logger.info({ database: database.kind, ms: Date.now() - t0 }, 'database migrated and reference data in place');
  return database;
}

export async function startServer(env: Env): Promise<RunningServer> {
  // Log lines are written by the thread pool, several at a time under load, not one write(2) per line on the
  // event loop; pino flushes what is left when the process exits.
  const logger = createLogger(env.LOG_LEVEL, pino.destination({ dest: 1, sync: false }));
  const database = await prepareDatabase(env, logger);
  if (env.NODE_ENV === 'production') {
    // Anyone who read the README could log in to a production database that still holds the demo's credentials.
    try {
      await refuseDemoCredentials(database.db, env.DEMO_PASSWORD);
    } catch (err) {
      logger.fatal({ err }, 'demo credentials found in production');
      await database.close();
      throw err;
    }
  }
  const deps = buildDeps(env, database, logger);
  try {
    await deps.storage.check();
  } catch (err) {
    await database.close();
    throw err;
  }
  registerListeners(deps);
  await deps.caches.start();
  warmPasswordWorker();
  deps.metrics.collectProcessMetrics();

  // Under the start-up lock too: two instances must not both create the administrator or the demo data.
  await database.exclusive(async () => {
    const admin = await ensureBootstrapAdmin(deps);
    if (admin === 'created') logger.info({ email: env.ADMIN_EMAIL }, 'administrator created from ADMIN_EMAIL');
    if (!env.SEED_DEMO) return;
    const { seeded } = await seedDemo(database.db, { password: env.DEMO_PASSWORD });
    if (seeded) logger.info('demo marketplace seeded');
    const registrations = await seedDemoRegistrations(database.db, { password: env.DEMO_PASSWORD });
    if (registrations.seeded) logger.info('demo registration requests and subscriptions seeded');
    const listings = await seedDemoListings(database.db, deps.storage);
    if (listings.seeded) logger.info({ photos: listings.listings }, 'demo listing photos drawn');
  });

  const app = createApp(deps);
  const server = http.createServer(app);
  const hub: Hub = await createHub({
    server,
    deps: {
      database,
      tokens: deps.tokens,
      logger,
      resolveUser: async (claims) => {
        // The same rule as resolveActor: current token, and a company that may use the product.
        const { state } = await userOfClaims(database.db, claims, deps.caches);
        // Company events reach members and managers (administrators act for no company).
        return state && { user_id: state.id, company_id: state.role === 'ADMIN' ? null : state.company_id };
      },
      onClientRequest: (user_id, frame, reply) => answerClientRequest(deps, user_id, frame, reply),
      metrics: deps.metrics,
    },
  });
  const publisher = await startNotificationPublisher({ db: database.db, pubsub: database.pubsub, delivery: hub, logger });
  // Background work (server/jobs), started once the publisher listens so that what a job notifies is pushed
  // live: the recurring jobs, each enqueued once per period across all instances (daily plan expiry and pruning,
  // the hourly newsletter check that sends once a week, docs/decisions/0074), bulk-upload digests, and, with
  // SMTP_URL, mail delivery.
  const transport = createMailTransport(env);
  const queue = await startQueue({
    db: database.db,
    pubsub: database.pubsub,
    logger,
    handlers: jobHandlers({ env, transport }),
    recurring: RECURRING_JOBS,
    periods: env.JOB_SCHEDULE,
    concurrency: env.JOB_CONCURRENCY,
    metrics: deps.metrics,
    instance: applicationName(),
  });
  deps.metrics.registerSources({
    sockets: () => hub.stats().sockets,
    outbox: () => outboxDepth(database.db),
    pool: () => database.poolStats(),
    draining: () => deps.lifecycle.draining,
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info({ port, database: database.kind, demo_mode: env.DEMO_MODE }, `listening on http://localhost:${port}`);
  if (env.SEED_DEMO) {
    logger.info(
      { accounts: ['admin@example.com', 'manager@example.com', 'member@example.com'], driver: 'driver@example.com / +45 12 34 56 78' },
      'demo accounts use the DEMO_PASSWORD (see README)',
    );
  }

  // Shutdown (SIGTERM): drain, then stop. /readyz fails at once so the load balancer stops sending traffic;
  // after SHUTDOWN_DELAY_SECONDS the listener closes, sockets close with 1001 (clients reconnect to another
  // instance), and in-flight requests get SHUTDOWN_TIMEOUT_SECONDS to finish before their connections are cut.
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      deps.lifecycle.draining = true;
      logger.info({ delay_s: env.SHUTDOWN_DELAY_SECONDS, timeout_s: env.SHUTDOWN_TIMEOUT_SECONDS }, 'draining');
      // No new job is claimed from here; the running ones get the shutdown timeout, then their lease lets another instance retry them.
      const queueStopped = queue.stop((env.SHUTDOWN_DELAY_SECONDS + env.SHUTDOWN_TIMEOUT_SECONDS) * 1000);
      if (env.SHUTDOWN_DELAY_SECONDS > 0) await sleep(env.SHUTDOWN_DELAY_SECONDS * 1000);
      const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A keep-alive connection whose request has finished is idle: close it, so server.close() can complete
      // without waiting for clients to hang up. Busy connections are left to finish.
      server.closeIdleConnections();
      const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      await queueStopped;
      await publisher.close();
      await hub.close();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), env.SHUTDOWN_TIMEOUT_SECONDS * 1000)));
      const finished = await Promise.race([httpClosed.then(() => true), timedOut]);
      clearTimeout(timer);
      clearInterval(idleSweep);
      if (!finished) logger.warn({ timeout_s: env.SHUTDOWN_TIMEOUT_SECONDS }, 'requests still running at the shutdown timeout were cut');
      server.closeAllConnections();
      transport?.close();
      await deps.displays.close();
      await deps.caches.stop();
      await deps.basemap.close();
      await database.close();
      logger.info('stopped');
    })());
  return { port, deps, close };
}
