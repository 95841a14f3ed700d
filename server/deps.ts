// Everything a service needs, built once at boot (server/index.ts) or per test file (server/test).
import path from 'node:path';
import type { Env } from './env';
import type { Database, Db } from './db/client';
import type { Logger } from './lib/logger';
import { createTokenService, type TokenService } from './lib/tokens';
import { EventBus } from './lib/events';
import { createGeocoder, type Geocoder } from './lib/geocoder';
import { createRouter, type Router } from './lib/routing';
import type { Storage } from './lib/storage';
import { createLocalStorage } from './lib/storage-local';
import { createS3Storage } from './lib/storage-s3';
import { createMetrics, type Metrics } from './lib/metrics';
import { createCacheBus, type CacheBus } from './lib/cache';
import { ReadBuckets } from './lib/rate-limit';
import { baseMapTiles, type BaseMapTiles } from './lib/basemap';
import { createDisplayRecorder, type DisplayRecorder } from './modules/materials/displays';

export interface Deps {
  env: Env;
  database: Database;
  db: Db;
  logger: Logger;
  tokens: TokenService;
  events: EventBus;
  storage: Storage;
  geocoder: Geocoder;
  /** Driving routes: OSRM when ROUTING_URL is set, else the straight-line estimate (server/lib/routing.ts). */
  routing: Router;
  metrics: Metrics;
  /** Recommendation displays, written in batches off the read path (server/modules/materials/displays.ts). */
  displays: DisplayRecorder;
  /** In-process read caches kept current by NOTIFY (server/lib/cache.ts); they keep nothing until started. */
  caches: CacheBus;
  /** Set by shutdown (server/boot.ts): /readyz fails and responses close their connections while draining. */
  lifecycle: { draining: boolean };
  /** The offline base map's tiles (server/lib/basemap), opened on the first tile asked for. */
  basemap: BaseMapTiles;
  /** This instance's count of reads per account and per anonymous address (server/lib/rate-limit.ts). */
  reads: ReadBuckets;
}

/** The configured file storage: DATA_DIR/uploads, or the S3-compatible bucket. */
export function createStorageFromEnv(env: Env): Storage {
  if (env.STORAGE_DRIVER === 'local') return createLocalStorage({ root: path.join(env.dataDir, 'uploads') });
  return createS3Storage({
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials: env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY! } : undefined,
  });
}

/** Deps around an open database. Services reach sockets only through domain events (server/listeners.ts). */
export function buildDeps(env: Env, database: Database, logger: Logger): Deps {
  return {
    env,
    database,
    db: database.db,
    logger,
    tokens: createTokenService(env.JWT_SECRET, env.JWT_SECRET_PREVIOUS),
    events: new EventBus(),
    storage: createStorageFromEnv(env),
    geocoder: createGeocoder(env),
    routing: createRouter(env),
    metrics: createMetrics(),
    displays: createDisplayRecorder(database.db, logger),
    caches: createCacheBus({
      pubsub: database.pubsub,
      logger,
      kind: database.kind,
      instance: { name: database.listenerName, listeners: () => database.listeners() },
    }),
    lifecycle: { draining: false },
    basemap: baseMapTiles(),
    reads: new ReadBuckets(),
  };
}
