import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/client';
import { withDatabase } from './global-setup';

/** A private copy of the migrated, reference-seeded test database; dropped on close. */
export async function createTestDatabase(): Promise<Database> {
  const cfg = inject('testDb');
  if (cfg.kind === 'pglite') {
    return openPglite(null, { loadDataDir: new Blob([readFileSync(cfg.dumpFile)]) });
  }
  // Named after this run's template, so a run's teardown drops only its own copies.
  const name = `${cfg.template}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(cfg.adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name} template ${cfg.template}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(withDatabase(cfg.adminUrl, name), { max: 4 });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    const a = postgres(cfg.adminUrl, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return database;
}
