// Everything a service needs, built once at boot (server/index.ts) or per test file (server/test).
import type { Env } from './env';
import type { Database, Db } from './db/client';
import type { Logger } from './lib/logger';
import type { TokenService } from './lib/tokens';
import type { EventBus } from './lib/events';
import type { Storage } from './lib/storage';
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
}
