import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './lock';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'synergy-lock-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('embedded data directory lock', () => {
  it('refuses a second opener naming the process that holds it, and opens again once closed', async () => {
    const dir = tmp();
    const first = await openPglite(dir);
    const second = openPglite(dir);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(`already in use by process ${process.pid}`);
    await first.close();
    const again = await openPglite(dir);
    await again.close();
  }, 120_000);

  it('refuses while another process holds it and takes over at once after that process is killed', async () => {
    const dir = tmp();
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../test/fixtures/hold-data-dir.ts'), dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    await expect(openPglite(dir)).rejects.toThrow(`already in use by process ${child.pid}`);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // Taken over at once: the dead owner is recognised by its PID, with no stale-age wait; the lock now names us.
    const taken = await openPglite(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    await taken.close();
  }, 120_000);

  it('never leaves an empty lock: the file appears whole, and no temporary file stays behind', () => {
    const dir = tmp();
    const release = lockDataDir(dir);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('respects an unreadable lock while it is new and takes it over once it is a minute old', () => {
    const dir = tmp();
    const file = path.join(dir, LOCK_FILE);
    writeFileSync(file, '');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    const old = new Date(Date.now() - 120_000);
    utimesSync(file, old, old);
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });
});
