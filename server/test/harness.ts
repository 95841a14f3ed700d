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
import { startDigestWorker, type DigestWorker } from '../modules/materials/digests';
import { publicUrl } from '../lib/mail';
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
  /** Waits until everything committed so far has been pushed into `sent` (bulk-upload digests sent first). */
  flush(): Promise<void>;
  caller(actor?: Actor): ReturnType<typeof createCaller>;
  app(): Express;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export async function createTestContext(
  envOverrides: Record<string, string> = {},
  /** digestWorker false: bulk-upload digests stay unsent, as after a crash, until a test sends them. */
  opts: { digestWorker?: boolean } = {},
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
  const sent: SentEvent[] = [];
  const record = (user_ids: readonly number[], frames: readonly ServerFrame[]) => {
    for (const f of frames) sent.push({ user_ids, event: f.event, data: f.data });
  };
  const publisher: NotificationPublisher = await startNotificationPublisher({
    db: database.db,
    pubsub: database.pubsub,
    delivery: { connected: (ids) => [...ids], deliverLocal: (user_id, frames) => record([user_id], frames) },
    logger: deps.logger,
  });
  const digests: DigestWorker | null =
    opts.digestWorker === false
      ? null
      : await startDigestWorker({ db: database.db, pubsub: database.pubsub, logger: deps.logger, mailUrl: (p) => publicUrl(env, p) });
  // Events published straight to sockets (chat messages, offers) travel on the hub's channel.
  const unsubscribe = await database.pubsub.subscribe(DEFAULT_CHANNEL, (payload) => {
    const m = JSON.parse(payload) as { e: ServerEventName; d: ServerEvents[ServerEventName]; u: number[] };
    record(m.u, [{ event: m.e, data: m.d } as ServerFrame]);
  });
  let app: Express | null = null;
  return {
    deps,
    database,
    env,
    sent,
    // Postgres delivers notifications in commit order, so once the publisher has seen a NOTIFY sent now,
    // it has seen every earlier one on its channel; the hub channel is in the same order on this connection.
    // Bulk-upload digests first: sending one commits notifications, whose pushes the publisher then flushes.
    flush: async () => {
      await digests?.flush();
      await publisher.flush();
    },
    caller: (actor: Actor = { kind: 'anonymous' }) => createCaller({ deps, actor, authError: null, requestId: 'test' }),
    app: () => (app ??= createApp(deps, { clientDist: path.join(dataDir, 'no-client') })),
    async close() {
      await digests?.close();
      await publisher.close();
      await unsubscribe();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
