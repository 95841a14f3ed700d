// One Drizzle database over postgres-js (DATABASE_URL) or embedded PGlite (DATA_DIR).
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePg } from 'drizzle-orm/postgres-js/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import * as schema from '../../drizzle/schema';
import { APP_ROOT } from '../lib/paths';
import { lockDataDir } from './lock';
import { localFirstPubSub } from './notify';
import { withNamedStatements } from './pglite-statements';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.join(APP_ROOT, 'migrations');

/**
 * Postgres LISTEN/NOTIFY (PGlite has them too). A NOTIFY sent in a transaction is delivered on commit; one sent
 * with `notifyInTx` (server/db/notify.ts) reaches this process's subscribers right after the commit, without the
 * round trip through Postgres.
 */
export interface PubSub {
  publish(channel: string, payload: string): Promise<void>;
  /** `onListen` runs once listening, and again after every reconnect (what was sent meanwhile is lost). */
  subscribe(channel: string, onMessage: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
}

export interface Database {
  db: Db;
  /**
   * Postgres only: connections made for proximity search, with bitmap scans (and JIT) off for the whole session
   * (server/modules/materials/search.ts says why), so a search needs no transaction and no `set local` round
   * trips. PGlite has one connection and sets it per search in a transaction instead.
   */
  searchDb?: Db;
  /** PGlite only: a tarball of the data directory (tests copy a migrated template this way). */
  dump?: () => Promise<Blob>;
  kind: 'postgres' | 'pglite';
  /** Postgres only: the connection URL (tests hand it to a second process). */
  url?: string;
  pubsub: PubSub;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Runs `fn` while holding a cluster-wide lock (Postgres: a session advisory lock on a connection of its own),
   * so that instances starting together migrate and seed one after another instead of racing.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** This process's connections by state (Postgres: pg_stat_activity) and the pool's size, for /metrics. */
  poolStats(): Promise<{ max: number; states: Record<string, number> }>;
  /** The name this database's LISTEN connection goes by (one per open database, unique across instances). */
  listenerName: string;
  /** Names of every instance listening on this database now (Postgres: pg_stat_activity; PGlite: this one). */
  listeners(): Promise<string[]>;
  close(): Promise<void>;
}

/** Held while an instance migrates and seeds at start-up (any constant; distinct from the job locks). */
const STARTUP_LOCK_KEY = 727_000_001;

const LISTENER_PREFIX = 'synergy-listen:';
let listenerSeq = 0;
/** A name for one database's LISTEN connection: the instances a cluster-wide cache barrier waits for. */
function nextListenerName(): string {
  return `${LISTENER_PREFIX}${++listenerSeq}:${process.pid}:${os.hostname()}`.slice(0, 63);
}

/** Names this process's connections in pg_stat_activity, so each instance can find its own (at most 63 bytes). */
export function applicationName(): string {
  return `synergy:${os.hostname()}:${process.pid}`.slice(0, 63);
}

/** What postgres-js keeps per client for array types: element type to array type, and the array codecs. */
interface ArrayTypes {
  typeArrayMap: Record<number, number>;
  parsers: Record<number, unknown>;
  serializers: Record<number, unknown>;
}
type ClientOptions = { shared: { typeArrayMap: Record<number, number> }; parsers: Record<number, unknown>; serializers: Record<number, unknown> };

/**
 * Lets postgres-js look up the array types (its usual first query on a connection) on a connection of its own
 * without a statement timeout, behind the same Drizzle codecs as the pool's (Drizzle passes dates through as
 * text), and returns what it learnt.
 */
async function learnArrayTypes(url: string, application_name: string): Promise<ArrayTypes> {
  const probe = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name } });
  try {
    drizzlePg(probe, { schema, casing: 'snake_case' });
    await probe`select 1`;
    const options = probe.options as unknown as ClientOptions;
    const typeArrayMap = { ...options.shared.typeArrayMap };
    const arrays = Object.values(typeArrayMap);
    const pick = (codecs: Record<number, unknown>) => Object.fromEntries(arrays.filter((oid) => codecs[oid]).map((oid) => [oid, codecs[oid]]));
    return { typeArrayMap, parsers: pick(options.parsers), serializers: pick(options.serializers) };
  } finally {
    await probe.end({ timeout: 5 });
  }
}

function installArrayTypes(client: postgres.Sql, types: ArrayTypes) {
  const options = client.options as unknown as ClientOptions;
  Object.assign(options.shared.typeArrayMap, types.typeArrayMap);
  Object.assign(options.parsers, types.parsers);
  Object.assign(options.serializers, types.serializers);
}

export async function openPostgres(url: string, opts: { max?: number; statementTimeoutMs?: number } = {}): Promise<Database> {
  const max = opts.max ?? 10;
  const application_name = applicationName();
  // The server passes DATABASE_STATEMENT_TIMEOUT_MS; scripts and test fixtures (bulk inserts) open without one.
  const timeout = opts.statementTimeoutMs ?? 0;
  // Session settings sent with the start-up packet: no extra round trip, and they hold on every connection.
  const connection = { application_name, ...(timeout > 0 ? { statement_timeout: timeout } : {}) };
  // With a timeout, the array types postgres-js looks up on every new connection are learnt once, here, on a
  // connection without it: under the timeout that look-up can be cancelled, and postgres-js leaves its failure
  // unhandled, which ends the process (docs/decisions/0180).
  const arrayTypes = timeout > 0 ? await learnArrayTypes(url, application_name) : null;
  const fetch_types = arrayTypes === null;
  // The pool's connections are shared between general work and search (below); together they stay at `max`.
  const searchMax = Math.max(1, Math.floor(max / 3));
  const client = postgres(url, { max: Math.max(1, max - searchMax), onnotice: () => {}, connection, fetch_types });
  const db = drizzlePg(client, { schema, casing: 'snake_case' }) as unknown as PostgresJsDatabase<Schema> & Db;
  // A third of the pool for search (opened on demand): same timeout, no bitmap scans.
  const searchClient = postgres(url, {
    max: searchMax,
    onnotice: () => {},
    fetch_types,
    // JIT off: a search is a short statement, but the planner's guess for the "above 40 km" ring probes (a
    // thousand rows per generate_series) can pass jit_above_cost, and compiling costs 100+ ms.
    // Generic plans: a search is a prepared statement per filter shape (materials/search.ts) whose plan is the
    // same index scan whatever the values (KNN, newest, rings), so it is planned once per connection instead of
    // on every execution (0.6 ms of a 40 km search's 1.6 ms). Shapes whose best plan depends on a value (a
    // company, a category id, a code prefix) plan each execution in a transaction of their own (searchPage).
    connection: { ...connection, enable_bitmapscan: 'off', jit: 'off', plan_cache_mode: 'force_generic_plan' } as Record<string, string | number>,
  });
  const searchDb = drizzlePg(searchClient, { schema, casing: 'snake_case' }) as unknown as Db;
  if (arrayTypes) {
    installArrayTypes(client, arrayTypes);
    installArrayTypes(searchClient, arrayTypes);
  }
  let listener: postgres.Sql | null = null;
  const listenerName = nextListenerName();
  return {
    db,
    searchDb,
    kind: 'postgres',
    url,
    listenerName,
    async listeners() {
      const rows = await client<{ name: string }[]>`
        select distinct application_name as name from pg_stat_activity
        where datname = current_database() and application_name like ${`${LISTENER_PREFIX}%`}`;
      return rows.map((r) => r.name);
    },
    pubsub: localFirstPubSub(
      {
        async notify(channel, payload) {
          await client`select pg_notify(${channel}, ${payload})`;
        },
        async listen(channel, onMessage, onListen) {
          // postgres-js keeps one dedicated LISTEN connection and re-listens after reconnects. It is named apart
          // (listenerName), so that an instance can tell which instances are listening.
          listener ??= postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: listenerName } });
          const sub = await listener.listen(channel, onMessage, onListen);
          return async () => {
            await sub.unlisten();
          };
        },
      },
      db,
    ),
    async migrate() {
      // On a connection of its own without the statement timeout: building an index over a large table may
      // take longer than any request should.
      const own = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name } });
      try {
        await migratePg(drizzlePg(own, { schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await own.end({ timeout: 5 });
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async exclusive(fn) {
      // A connection outside the pool: the pool may have a single connection, which fn needs.
      const lock = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name } });
      try {
        await lock`select pg_advisory_lock(${STARTUP_LOCK_KEY})`;
        return await fn();
      } finally {
        await lock.end({ timeout: 5 });
      }
    },
    async poolStats() {
      // The server's view: connections the pool has open and what each is doing (the LISTEN one is idle),
      // leaving out the one running this query.
      const rows = await client<{ state: string | null; n: number }[]>`
        select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity
        where application_name = ${application_name} and pid <> pg_backend_pid() group by 1`;
      const states: Record<string, number> = { active: 0, idle: 0, 'idle in transaction': 0 };
      for (const r of rows) states[r.state ?? 'unknown'] = r.n;
      return { max, states };
    },
    async close() {
      await Promise.all([client.end({ timeout: 5 }), searchClient.end({ timeout: 5 }), listener?.end({ timeout: 5 })]);
    },
  };
}

export async function openPglite(dataDir: string | null, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { cube } = await import('@electric-sql/pglite/contrib/cube');
  const { earthdistance } = await import('@electric-sql/pglite/contrib/earthdistance');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  let dir: string | undefined;
  let unlock = () => {};
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let client: Awaited<ReturnType<typeof PGlite.create>>;
  try {
    client = await PGlite.create({ dataDir: dir, loadDataDir: opts.loadDataDir, extensions: { cube, earthdistance, pg_trgm, pgcrypto } });
  } catch (err) {
    unlock();
    throw err;
  }
  // The one connection runs as Postgres's search connections do: no bitmap scans (materials/search.ts says
  // why), so a search needs no transaction and its statement is built once per filter shape. A text search,
  // whose trigram indexes are read only by bitmap scans, turns them on for itself; other reads of an embedded
  // database (demo-sized) are served as well by index and sequential scans.
  await client.exec('set enable_bitmapscan = off');
  // Statements the app runs again and again are named once and planned by Postgres's plan cache, as postgres-js
  // does on a server (server/db/pglite-statements.ts).
  const db = drizzlePglite(withNamedStatements(client), { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    // PGlite is Postgres: LISTEN/NOTIFY work as on a server, including delivery only on commit of a NOTIFY
    // sent inside a transaction, which the notification path relies on.
    pubsub: localFirstPubSub(
      {
        async notify(channel, payload) {
          await client.query('select pg_notify($1, $2)', [channel, payload]);
        },
        async listen(channel, onMessage, onListen) {
          const unlisten = await client.listen(channel, onMessage);
          onListen?.();
          return async () => {
            if (!client.closed) await unlisten();
          };
        },
      },
      db,
    ),
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    // One process owns an embedded database (DATA_DIR lock): nobody to wait for.
    exclusive: (fn) => fn(),
    // One embedded connection that runs one query at a time: there is no pool to watch.
    poolStats: async () => ({ max: 1, states: {} }),
    // One process owns an embedded database: it is the only listener.
    listenerName: 'pglite',
    listeners: async () => ['pglite'],
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

export async function openDatabase(opts: {
  url?: string;
  dataDir: string | null;
  poolSize?: number;
  statementTimeoutMs?: number;
}): Promise<Database> {
  return opts.url ? openPostgres(opts.url, { max: opts.poolSize, statementTimeoutMs: opts.statementTimeoutMs }) : openPglite(opts.dataDir);
}
