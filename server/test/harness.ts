// Integration-test harness: real database copy, real deps and listeners, callers as any actor, the real
// Express app, and a record of what the realtime path pushes (every user counts as connected).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from '../app';
import type { Database } from '../db/client';
import { buildDeps, type Deps } from '../deps';
import { loadEnv, type Env } from '../env';
import type { Actor } from '../lib/actor';
import { createLogger } from '../lib/logger';
import { registerListeners } from '../listeners';
import { startNotificationPublisher, type NotificationPublisher } from '../modules/notifications/publisher';
import * as users from '../modules/users/service';
import { jobHandlers, NEWSLETTER_DIGEST } from '../jobs';
import { startQueue, type Queue } from '../jobs/queue';
import type { ServerEventName, ServerEvents, ServerFrame } from '../../shared/ws-events';
import { createCaller } from '../trpc/router';
import { DEFAULT_CHANNEL } from '../ws/hub';
import { createTestDatabase } from './db';

export interface SentEvent {
  user_ids: readonly number[];
  event: ServerEventName;
  data: ServerEvents[ServerEventName];
}

export interface TestContext {
  deps: Deps;
  database: Database;
  env: Env;
  /** Realtime events pushed after commit, in order, one entry per user and event. */
  sent: SentEvent[];
  /** Runs the jobs due so far (bulk-upload digests), then waits until everything committed has been pushed into `sent`. */
  flush(): Promise<void>;
  /** This context's job worker (every handler but mail: tests have no SMTP); null when started with `queue: false`. */
  queue: Queue | null;
  caller(actor?: Actor): ReturnType<typeof createCaller>;
  app(): Express;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export async function createTestContext(
  envOverrides: Record<string, string> = {},
  /** queue false: no job worker, so jobs (bulk-upload digests) wait, as when no instance runs, until a test runs them. */
  opts: { queue?: boolean } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'synergy-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000',
    ...envOverrides,
  });
  const database = await createTestDatabase();
  const deps = buildDeps(env, database, createLogger(env.LOG_LEVEL));
  registerListeners(deps);
  // The read caches run in tests as in production (tests that write straight to the database and then call the
  // app on Postgres wait for the NOTIFY with `deps.caches.sync()`).
  await deps.caches.start();
  const sent: SentEvent[] = [];
  const record = (user_ids: readonly number[], frames: readonly ServerFrame[]) => {
    for (const f of frames) sent.push({ user_ids, event: f.event, data: f.data });
  };
  // Every member and manager of a company counts as connected, as the hub would find them.
  const companyUsers = (companyIds: Iterable<number>) => users.companyUserIds(database.db, [...companyIds]);
  const publisher: NotificationPublisher = await startNotificationPublisher({
    db: database.db,
    pubsub: database.pubsub,
    delivery: {
      connected: (ids) => [...ids],
      connectedInCompanies: companyUsers,
      deliverLocal: (user_id, frames) => record([user_id], frames),
    },
    logger: deps.logger,
  });
  // No recurring jobs: a test that wants one enqueues it. No newsletter handler either: its tests run the job
  // with a clock of their own. A long poll: notifications and drain() do the work.
  const queue: Queue | null =
    opts.queue === false
      ? null
      : await startQueue({
          db: database.db,
          pubsub: database.pubsub,
          logger: deps.logger,
          handlers: jobHandlers({ env, transport: null }).filter((h) => h.spec !== NEWSLETTER_DIGEST),
          pollMs: 60_000,
        });
  // Events published straight to sockets (chat messages, offers) travel on the hub's channel. One addressed to
  // companies is recorded in its place at once and names its users once they are read (flush waits for that).
  const reading: Promise<unknown>[] = [];
  const unsubscribe = await database.pubsub.subscribe(DEFAULT_CHANNEL, (payload) => {
    const m = JSON.parse(payload) as { e: ServerEventName; d: ServerEvents[ServerEventName]; u?: number[]; k?: number[] };
    if (m.u) return record(m.u, [{ event: m.e, data: m.d } as ServerFrame]);
    const entry: SentEvent = { user_ids: [], event: m.e, data: m.d };
    sent.push(entry);
    reading.push(companyUsers(m.k ?? []).then((ids) => (entry.user_ids = ids)));
  });
  let app: Express | null = null;
  return {
    deps,
    database,
    env,
    sent,
    // Postgres delivers notifications in commit order, so once the publisher has seen a NOTIFY sent now,
    // it has seen every earlier one on its channel; the hub channel is in the same order on this connection.
    // Jobs first: a bulk-upload digest commits notifications, whose pushes the publisher then flushes.
    queue,
    flush: async () => {
      await queue?.drain();
      await publisher.flush();
      await Promise.all(reading.splice(0));
    },
    caller: (actor: Actor = { kind: 'anonymous' }) => createCaller({ deps, actor, authError: null, requestId: 'test' }),
    app: () => (app ??= createApp(deps, { clientDist: path.join(dataDir, 'no-client') })),
    async close() {
      await queue?.stop();
      await publisher.close();
      await unsubscribe();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
