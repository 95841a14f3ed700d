// Integration-test harness: real database copy, real deps, callers as any actor, the real Express app.
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
import { registerMaterialListeners } from '../modules/materials/events';
import type { ServerEventName, ServerEvents } from '../../shared/ws-events';
import { createCaller } from '../trpc/router';
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
  /** Realtime events the services sent, in order. */
  sent: SentEvent[];
  caller(actor?: Actor): ReturnType<typeof createCaller>;
  app(): Express;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export async function createTestContext(envOverrides: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'synergy-test-'));
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', ...envOverrides });
  const database = await createTestDatabase();
  const deps = buildDeps(env, database, createLogger(env.LOG_LEVEL));
  registerMaterialListeners(deps);
  const sent: SentEvent[] = [];
  deps.attachRealtime({
    async sendToUsers(user_ids, event, data) {
      sent.push({ user_ids, event, data });
    },
  });
  let app: Express | null = null;
  return {
    deps,
    database,
    env,
    sent,
    caller: (actor: Actor = { kind: 'anonymous' }) => createCaller({ deps, actor, authError: null, requestId: 'test' }),
    app: () => (app ??= createApp(deps, { clientDist: path.join(dataDir, 'no-client') })),
    async close() {
      await deps.events.settled();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
