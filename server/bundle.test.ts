// The server bundle (scripts/build-server.mjs) runs with plain `node`: it starts on the test database (a copy of
// the migrated template, embedded or Postgres), finds the files it reads at run time from the app root
// (migrations, package.json), answers, and stops cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite, type Database } from './db/client';
import { createTestDatabase } from './test/db';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist', `server-test-${process.pid}`);
const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'synergy-bundle-'));

let database: Database | undefined;

/** The server's database: the embedded one laid out in DATA_DIR from the migrated template, or a Postgres copy. */
async function databaseEnv(): Promise<Record<string, string>> {
  const cfg = inject('testDb');
  if (cfg.kind === 'pglite') {
    const seeded = await openPglite(DATA_DIR, { loadDataDir: new Blob([readFileSync(cfg.dumpFile)]) });
    await seeded.close();
    return {};
  }
  database = await createTestDatabase();
  return { DATABASE_URL: database.url! };
}

afterAll(async () => {
  await database?.close();
  rmSync(OUT, { recursive: true, force: true });
  rmSync(DATA_DIR, { recursive: true, force: true });
});

describe('the server bundle', () => {
  it('builds, starts with plain node on the test database, answers and stops', async () => {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--out', OUT], { cwd: ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const dbEnv = await databaseEnv();

    // No TypeScript loader: a module the bundle failed to include would be a .ts import node cannot run.
    const child = spawn(process.execPath, [path.join(OUT, 'index.mjs')], {
      cwd: os.tmpdir(),
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        JWT_SECRET: 'bundle-test-secret-that-is-long-enough-0123456789',
        ...dbEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let stderr = '';
    const lines: string[] = [];
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the bundle exited with ${code}: ${stderr}`)));
      readline.createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        const m = /"port":(\d+)/.exec(line);
        if (m && line.includes('listening on')) resolve(Number(m[1]));
      });
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ status: 'ready', database: database ? 'postgres' : 'pglite' });
      const version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
      const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { info: { version: string } };
      expect(doc.info.version).toBe(version);
      const countries = await fetch(`${base}/api/common/countries`);
      expect(countries.status).toBe(200);
      // The offline base map is looked for beside the built client, as by the unbundled server.
      await fetch(`${base}/map/tiles/0/0/0.mvt`);
      const mapFiles = lines.map((l) => /"file":"([^"]*basemap-[^"]*)"/.exec(l)?.[1]).filter((f): f is string => !!f);
      for (const file of mapFiles) expect(path.dirname(file)).toBe(path.join(ROOT, 'dist', 'map'));
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 180_000);
});
