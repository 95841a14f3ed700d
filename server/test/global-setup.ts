// Once per `vitest run`: a migrated database with reference data, which every test file copies.
// Postgres (TEST_DATABASE_URL): a template database, copied with CREATE DATABASE ... TEMPLATE.
// PGlite (no TEST_DATABASE_URL): a data-directory dump, loaded by each file.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { seedReferenceData } from '../db/seed/reference';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'postgres'; adminUrl: string; template: string } | { kind: 'pglite'; dumpFile: string };
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `synergy_tpl_${randomBytes(4).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${template}`);
    const db = await openPostgres(withDatabase(url, template), { max: 2 });
    await db.migrate();
    await seedReferenceData(db.db);
    await db.close();
    project.provide('testDb', { kind: 'postgres', adminUrl: url, template });
    return async () => {
      // Drop the template and any copies of it a crashed file left behind; other runs' databases are not ours.
      const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${template + '%'}`;
      for (const r of rows) await admin.unsafe(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'synergy-pglite-'));
  const db = await openPglite(null);
  await db.migrate();
  await seedReferenceData(db.db);
  const blob = await db.dump!();
  const dumpFile = path.join(dir, 'template.tar');
  writeFileSync(dumpFile, Buffer.from(await blob.arrayBuffer()));
  await db.close();
  project.provide('testDb', { kind: 'pglite', dumpFile });
  return () => rmSync(dir, { recursive: true, force: true });
}
