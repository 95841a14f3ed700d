// Everything a service needs, built once at boot (server/index.ts) or per test file (server/test).
import path from 'node:path';
import type { Env } from './env';
import type { Database, Db } from './db/client';
import type { Logger } from './lib/logger';
import { createTokenService, type TokenService } from './lib/tokens';
import { EventBus } from './lib/events';
import { createGeocoder, type Geocoder } from './lib/geocoder';
import type { Storage } from './lib/storage';
import { createLocalStorage } from './lib/storage-local';
import type { Realtime } from './ws/realtime';

export interface Deps {
  env: Env;
  database: Database;
  db: Db;
  logger: Logger;
  tokens: TokenService;
  events: EventBus;
  storage: Storage;
  realtime: Realtime;
  geocoder: Geocoder;
}

/** Deps around an open database; the realtime target is attached once the hub exists. */
export function buildDeps(env: Env, database: Database, logger: Logger): Deps & { attachRealtime(r: Realtime): void } {
  let target: Realtime | null = null;
  const realtime: Realtime = {
    async sendToUsers(ids, event, data) {
      await target?.sendToUsers(ids, event, data);
    },
  };
  return {
    env,
    database,
    db: database.db,
    logger,
    tokens: createTokenService(env.JWT_SECRET),
    events: new EventBus(logger),
    storage: createLocalStorage({ root: path.join(env.dataDir, 'uploads') }),
    realtime,
    geocoder: createGeocoder(env),
    attachRealtime(r) {
      target = r;
    },
  };
}

