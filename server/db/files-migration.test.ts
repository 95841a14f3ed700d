// Migration 0005 on data written before it: stored `/files/<key>` URLs become keys. PGlite in both test
// modes: the migration is plain SQL, and a database stopped at 0004 is needed, not the migrated template.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openPglite, type Database } from './client';

const KEY = 'materials/2025/03/0f8fad5b-d9cb-469f-a165-70867728950e.png';
const TRIP_KEY = 'trips/2025/03/7c9e6679-7425-40de-944b-e07fc1f90ae7.pdf';

let database: Database;
let dir: string;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'synergy-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0005_'));
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));

  database = await openPglite(null);
  await migrate(database.db as never, { migrationsFolder: dir });
  const [company] = await rows<{ id: number }>(
    sql`insert into companies (name, image_url) values ('Logo A/S', ${`/files/logos/2025/03/0f8fad5b-d9cb-469f-a165-70867728950e.png`}) returning id`,
  );
  await database.db.execute(sql`insert into companies (name, image_url) values ('Elsewhere ApS', 'https://cdn.example/logo.png')`);
  await database.db.execute(
    sql`insert into users (username, email, first_name, role, password_hash, image_url) values ('a@x.example', 'a@x.example', 'A', 'MEMBER', 'x', ${`/files/avatars/2025/03/0f8fad5b-d9cb-469f-a165-70867728950e.jpg?v=2`})`,
  );
  const [material] = await rows<{ id: number }>(
    sql`insert into materials (company_id, title, description, category, frequency, quantity, condition, type, final_use)
        values (${company!.id}, 'Pallets', 'Used pallets', 'surplus', 'weekly', 10, 'Used', 'Wood', 'Reuse') returning id`,
  );
  await database.db.execute(sql`insert into material_images (material_id, url, name, position) values
    (${material!.id}, ${`/files/${KEY}`}, 'pallets.png', 0),
    (${material!.id}, 'https://elsewhere.example/photo.png', 'elsewhere.png', 1)`);
  const [trip] = await rows<{ id: number }>(sql`insert into trips default values returning id`);
  await database.db.execute(
    sql`insert into trip_documents (trip_id, name, url, mime_type, size_bytes) values (${trip!.id}, 'waybill.pdf', ${`/files/${TRIP_KEY}#page=2`}, 'application/pdf', 100)`,
  );

  await database.migrate();
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0005: files stored as keys', () => {
  it('turns listing photo URLs into keys and drops photos that never came from our storage', async () => {
    expect(await rows(sql`select storage_key, name from material_images order by position`)).toEqual([{ storage_key: KEY, name: 'pallets.png' }]);
  });

  it('turns trip document URLs into keys, dropping the fragment', async () => {
    expect(await rows(sql`select storage_key from trip_documents`)).toEqual([{ storage_key: TRIP_KEY }]);
  });

  it('keeps logo and picture keys, dropping a query, and unsets foreign URLs', async () => {
    expect(await rows(sql`select name, image_key from companies order by name`)).toEqual([
      { name: 'Elsewhere ApS', image_key: null },
      { name: 'Logo A/S', image_key: 'logos/2025/03/0f8fad5b-d9cb-469f-a165-70867728950e.png' },
    ]);
    expect(await rows(sql`select image_key from users`)).toEqual([{ image_key: 'avatars/2025/03/0f8fad5b-d9cb-469f-a165-70867728950e.jpg' }]);
  });
});
