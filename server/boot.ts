// Start-up in one place: open and migrate the database, seed, build deps, serve HTTP + WebSocket.
import http from 'node:http';
import { createApp } from './app';
import { openDatabase, type Database } from './db/client';
import { seedDemo } from './db/seed/demo';
import { seedDemoListings } from './db/seed/demo-listings';
import { seedDemoRegistrations } from './db/seed/demo-registrations';
import { seedReferenceData } from './db/seed/reference';
import type { Env } from './env';
import { createLogger, type Logger } from './lib/logger';
import { buildDeps, type Deps } from './deps';
import { ensureBootstrapAdmin } from './modules/auth/service';
import { findUserAuthState } from './modules/auth/repo';
import { registerListeners } from './listeners';
import { startNotificationPublisher } from './modules/notifications/publisher';
import { answerCounterRequest } from './modules/notifications/service';
import { createHub, type Hub } from './ws/hub';
import { JOBS, startScheduler } from './jobs/scheduler';
import { createMailTransport, mailDeliveryJob } from './lib/mail-sender';

export interface RunningServer {
  port: number;
  deps: Deps;
  close(): Promise<void>;
}

export async function prepareDatabase(env: Env, logger: Logger): Promise<Database> {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir });
  const t0 = Date.now();
  await database.migrate();
  await seedReferenceData(database.db);
  logger.info({ database: database.kind, ms: Date.now() - t0 }, 'database migrated and reference data in place');
  return database;
}

export async function startServer(env: Env): Promise<RunningServer> {
  const logger = createLogger(env.LOG_LEVEL);
  const database = await prepareDatabase(env, logger);
  const deps = buildDeps(env, database, logger);
  registerListeners(deps);

  const admin = await ensureBootstrapAdmin(deps);
  if (admin === 'created') logger.info({ email: env.ADMIN_EMAIL }, 'administrator created from ADMIN_EMAIL');
  if (env.SEED_DEMO) {
    const { seeded } = await seedDemo(database.db, { password: env.DEMO_PASSWORD });
    if (seeded) logger.info('demo marketplace seeded');
    const registrations = await seedDemoRegistrations(database.db, { password: env.DEMO_PASSWORD });
    if (registrations.seeded) logger.info('demo registration requests and subscriptions seeded');
    const listings = await seedDemoListings(database.db, deps.storage);
    if (listings.seeded) logger.info({ listings: listings.listings }, 'demo listings with photos seeded');
  }

  // Daily jobs (subscription expiry) and, with SMTP_URL, mail delivery every minute; one instance runs
  // each round under an advisory lock.
  const transport = createMailTransport(env);
  const jobs = transport ? [...JOBS, mailDeliveryJob({ transport, from: env.MAIL_FROM, logger })] : JOBS;
  const scheduler = startScheduler({ db: database.db, logger, jobs });

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
        const state = await findUserAuthState(database.db, Number(claims.sub));
        if (!state || state.token_version !== claims.tv) return null;
        if (state.role !== 'ADMIN' && state.company_status !== 'approved') return null;
        return { user_id: state.id };
      },
      onClientRequest: (user_id, _frame, reply) => answerCounterRequest(deps, user_id, reply),
    },
  });
  const publisher = await startNotificationPublisher({ db: database.db, pubsub: database.pubsub, delivery: hub, logger });

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

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      logger.info('shutting down');
      const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await publisher.close();
      await hub.close();
      await Promise.race([httpClosed, new Promise((r) => setTimeout(r, 5_000))]);
      server.closeAllConnections();
      await scheduler.stop();
      transport?.close();
      await database.close();
      logger.info('stopped');
    })());
  return { port, deps, close };
}
