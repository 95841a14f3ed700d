import { spawn, spawnSync } from 'node:child_process';
import readline from 'node:readline';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { DataDirLockedError, LOCK_FILE, lockDataDir, lockIdentity, takeoverTokens } from './lock';

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

  it('has one holder when several processes take over the same stale lock at once (20 rounds)', async () => {
    // A PID that is certainly dead: a process that has exited.
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid!;
    const takers = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../test/fixtures/race-data-dir-lock.ts')], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const lines: string[] = [];
      const waiters: ((line: string) => void)[] = [];
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        const w = waiters.shift();
        if (w) w(line);
        else lines.push(line);
      });
      const next = () => new Promise<string>((resolve) => (lines.length ? resolve(lines.shift()!) : waiters.push(resolve)));
      return { child, next };
    });
    try {
      for (const t of takers) expect(await t.next()).toBe('ready');
      for (let round = 0; round < 20; round++) {
        const dir = tmp();
        writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid, host: os.hostname(), started_at: 'a crash ago' }));
        for (const t of takers) t.child.stdin!.write(`${dir}\n`);
        const answers = await Promise.all(takers.map((t) => t.next()));
        expect(
          answers.filter((a) => a === 'locked'),
          `round ${round}: ${answers.join(', ')}`,
        ).toHaveLength(1);
        expect(takeoverTokens(dir)).toEqual([]);
        for (const t of takers) t.child.stdin!.write('release\n');
        await Promise.all(takers.map((t) => t.next()));
      }
    } finally {
      for (const t of takers) t.child.kill();
    }
  }, 120_000);

  it('lets the next taker through when a taker died holding its takeover token', () => {
    const dir = tmp();
    const file = path.join(dir, LOCK_FILE);
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid!;
    const dead = JSON.stringify({ pid: deadPid, host: os.hostname(), started_at: 'a crash ago' });
    writeFileSync(file, dead);
    writeFileSync(`${file}.takeover-${lockIdentity(file)}-1`, dead);
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(takeoverTokens(dir)).toEqual([]);
    release();
  });

  it('refuses while a live process is taking the stale lock over', () => {
    const dir = tmp();
    const file = path.join(dir, LOCK_FILE);
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(file, JSON.stringify({ pid: deadPid, host: os.hostname(), started_at: 'a crash ago' }));
    // This process stands for the live taker: the lock is stale, but its takeover is someone else's.
    writeFileSync(`${file}.takeover-${lockIdentity(file)}-1`, JSON.stringify({ pid: process.pid, host: os.hostname(), started_at: 'now' }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });
});
