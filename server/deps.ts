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

export interface Deps {
  env: Env;
  database: Database;
  db: Db;
  logger: Logger;
  tokens: TokenService;
  events: EventBus;
  storage: Storage;
  geocoder: Geocoder;
}

/** Deps around an open database. Services reach sockets only through domain events (server/listeners.ts). */
export function buildDeps(env: Env, database: Database, logger: Logger): Deps {
  return {
    env,
    database,
    db: database.db,
    logger,
    tokens: createTokenService(env.JWT_SECRET),
    events: new EventBus(),
    storage: createLocalStorage({ root: path.join(env.dataDir, 'uploads') }),
    geocoder: createGeocoder(env),
  };
}

