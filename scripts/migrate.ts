// Apply migrations and reference data to DATABASE_URL (or the embedded database in DATA_DIR).
import { prepareDatabase } from '../server/boot';
import { loadEnv } from '../server/env';
import { createLogger } from '../server/lib/logger';

const env = loadEnv();
const database = await prepareDatabase(env, createLogger(env.LOG_LEVEL));
await database.close();
