// One process at a time on an embedded data directory. PGlite has no lock of its own, and two processes
// writing one directory corrupt it (issue 10: 400 writes gave 45 lost, 181 duplicate ids, 6 broken indexes).
// The lock is a file holding the owner's PID and host, put in place whole by an atomic link(2) of a written
// temporary file (so a crash never leaves an empty lock); a lock whose process is gone (a crash, kill -9) is taken
// over at once, so a restart is not delayed. An unreadable lock older than a minute (left by an older build or
// another tool) is taken over too.
import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'synergy.lock';

interface Holder {
  pid: number;
  host: string;
  started_at: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: Holder,
  ) {
    super(
      `The embedded database in ${dir} is already in use by process ${holder.pid} on ${holder.host} (since ${holder.started_at}). ` +
        'Stop that process, or give this one another DATA_DIR (or a DATABASE_URL), and start again.',
    );
    this.name = 'DataDirLockedError';
  }
}

function readHolder(file: string): Holder | null {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof h.pid === 'number' && typeof h.host === 'string' ? { pid: h.pid, host: h.host, started_at: String(h.started_at ?? '') } : null;
  } catch {
    return null;
  }
}

function unreadableAndOld(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > 60_000;
  } catch {
    return true;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the directory's lock or throws DataDirLockedError; the returned function releases it. */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: os.hostname(), started_at: new Date().toISOString() };
  const temp = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(temp, JSON.stringify(me), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(temp, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const holder = readHolder(file);
        // Only a holder on this host can be known dead; another host's lock (a shared volume) is respected.
        const stale = holder === null ? unreadableAndOld(file) : holder.host === me.host && !isAlive(holder.pid);
        if (!stale || attempt > 0) throw new DataDirLockedError(dir, holder ?? { pid: -1, host: 'unknown', started_at: 'unknown' });
        unlinkSync(file);
        continue;
      }
      return () => {
        // Remove it only while it is still ours.
        const holder = readHolder(file);
        if (holder?.pid === me.pid && holder.started_at === me.started_at) unlinkSync(file);
      };
    }
  } finally {
    unlinkSync(temp);
  }
  throw new Error('unreachable');
}
