// Start-up in one place: open and migrate the database, seed, build deps, serve HTTP + WebSocket.
import http from 'node:http';
import pino from 'pino';
import { createApp } from './app';
import { applicationName, openDatabase, type Database } from './db/client';
import { seedDemo } from './db/seed/demo';
import { seedDemoListings } from './db/seed/demo-listings';
import { seedDemoRegistrations } from './db/seed/demo-registrations';
import { seedReferenceData } from './db/seed/reference';
import type { Env } from './env';
import { createLogger, type Logger } from './lib/logger';
import { warmPasswordWorker } from './lib/password';
import { buildDeps, type Deps } from './deps';
import { ensureBootstrapAdmin, userOfClaims } from './modules/auth/service';
import { registerListeners } from './listeners';
import { startNotificationPublisher } from './modules/notifications/publisher';
import { answerCounterRequest } from './modules/notifications/service';
import { createHub, type Hub } from './ws/hub';
import { newsletterJob } from './jobs/newsletter';
import { JOBS, startScheduler } from './jobs/scheduler';
import { listingDigestsJob } from './jobs/listing-digests';
import { createMailTransport, mailDeliveryJob } from './lib/mail-sender';
import { outboxDepth, publicUrl } from './lib/mail';
import { startDigestWorker } from './modules/materials/digests';

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
  // event loop (issue 17); pino flushes what is left when the process exits.
  const logger = createLogger(env.LOG_LEVEL, pino.destination({ dest: 1, sync: false }));
  const database = await prepareDatabase(env, logger);
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

  // Daily jobs (subscription expiry), the weekly newsletter (checked hourly, sent in the first hour of each week)
  // and, with SMTP_URL, mail delivery every minute; each runs once per period across all instances
  // (server/jobs/scheduler.ts; the newsletter also claims its week, docs/decisions/0074).
  const transport = createMailTransport(env);
  const jobs = [
    ...JOBS,
    newsletterJob(env),
    // Digests of bulk uploads that no instance sent right after commit (docs/decisions/0151).
    listingDigestsJob(env),
    ...(transport ? [mailDeliveryJob({ transport, from: env.MAIL_FROM, logger })] : []),
  ];
  const scheduler = startScheduler({
    db: database.db,
    logger,
    jobs,
    periods: env.JOB_SCHEDULE,
    metrics: deps.metrics,
    instance: applicationName(),
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
      onClientRequest: (user_id, _frame, reply) => answerCounterRequest(deps, user_id, reply),
      metrics: deps.metrics,
    },
  });
  const publisher = await startNotificationPublisher({ db: database.db, pubsub: database.pubsub, delivery: hub, logger });
  const digests = await startDigestWorker({ db: database.db, pubsub: database.pubsub, logger, mailUrl: (path) => publicUrl(env, path) });
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
      const schedulerStopped = scheduler.stop();
      if (env.SHUTDOWN_DELAY_SECONDS > 0) await sleep(env.SHUTDOWN_DELAY_SECONDS * 1000);
      const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A keep-alive connection whose request has finished is idle: close it, so server.close() can complete
      // without waiting for clients to hang up. Busy connections are left to finish.
      server.closeIdleConnections();
      const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      await digests.close();
      await publisher.close();
      await hub.close();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), env.SHUTDOWN_TIMEOUT_SECONDS * 1000)));
      const finished = await Promise.race([httpClosed.then(() => true), timedOut]);
      clearTimeout(timer);
      clearInterval(idleSweep);
      if (!finished) logger.warn({ timeout_s: env.SHUTDOWN_TIMEOUT_SECONDS }, 'requests still running at the shutdown timeout were cut');
      server.closeAllConnections();
      await schedulerStopped;
      transport?.close();
      await deps.displays.close();
      await deps.caches.stop();
      await database.close();
      logger.info('stopped');
    })());
  return { port, deps, close };
}
