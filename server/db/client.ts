// One Drizzle database over postgres-js (DATABASE_URL) or embedded PGlite (DATA_DIR).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePg } from 'drizzle-orm/postgres-js/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import * as schema from '../../drizzle/schema';
import { lockDataDir } from './lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Postgres LISTEN/NOTIFY (PGlite has them too). A NOTIFY sent in a transaction is delivered on commit. */
export interface PubSub {
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface Database {
  db: Db;
  /** PGlite only: a tarball of the data directory (tests copy a migrated template this way). */
  dump?: () => Promise<Blob>;
  kind: 'postgres' | 'pglite';
  /** Postgres only: the connection URL (tests hand it to a second process). */
  url?: string;
  pubsub: PubSub;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Database> {
  const client = postgres(url, { max: opts.max ?? 10, onnotice: () => {}, connection: { application_name: 'synergy' } });
  const db = drizzlePg(client, { schema, casing: 'snake_case' }) as unknown as PostgresJsDatabase<Schema> & Db;
  let listener: postgres.Sql | null = null;
  return {
    db,
    kind: 'postgres',
    url,
    pubsub: {
      async publish(channel, payload) {
        await client`select pg_notify(${channel}, ${payload})`;
      },
      async subscribe(channel, onMessage) {
        // postgres-js keeps one dedicated LISTEN connection and re-listens after reconnects.
        listener ??= client;
        const sub = await listener.listen(channel, onMessage);
        return async () => {
          await sub.unlisten();
        };
      },
    },
    async migrate() {
      await migratePg(db as PostgresJsDatabase<Schema>, { migrationsFolder: MIGRATIONS_DIR });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await client.end({ timeout: 5 });
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
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    // PGlite is Postgres: LISTEN/NOTIFY work as on a server, including delivery only on commit of a NOTIFY
    // sent inside a transaction, which the notification path relies on.
    pubsub: {
      async publish(channel, payload) {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
      async subscribe(channel, onMessage) {
        const unlisten = await client.listen(channel, onMessage);
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

export async function openDatabase(opts: { url?: string; dataDir: string | null }): Promise<Database> {
  return opts.url ? openPostgres(opts.url) : openPglite(opts.dataDir);
}
