// One process at a time on an embedded data directory. PGlite has no lock of its own, and two processes
// writing one directory corrupt it (400 writes gave 45 lost, 181 duplicate ids, 6 broken indexes).
// The lock is a file holding the owner's PID and host, put in place whole by an atomic link(2) of a written
// temporary file (so a crash never leaves an empty lock); a lock whose process is gone (a crash, kill -9) is taken
// over at once, so a restart is not delayed. An unreadable lock older than a minute (left by an older build or
// another tool) is taken over too.
//
// Taking over is atomic as well (docs/decisions/0181). Deleting a stale lock and linking a new one is not: two
// processes that both found the same dead owner could each delete what they took for the stale file (the second
// deleting the first's fresh lock) and both hold it. A taker first claims that one stale lock with a token file
// named after it (link(2) again, so one taker at a time), checks the lock is still the stale one, and only then
// replaces it with rename(2). A taker that dies holding the token leaves the next generation of the token to the
// others.
import { createHash } from 'node:crypto';
import { linkSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
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

/** Identifies one lock file (its inode and content), so that a taker replaces only the stale lock it judged. */
export function lockIdentity(file: string): string | null {
  try {
    const { ino, mtimeMs } = statSync(file);
    return createHash('sha256')
      .update(`${ino}:${mtimeMs}:${readFileSync(file, 'utf8')}`)
      .digest('hex')
      .slice(0, 16);
  } catch {
    return null;
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

type Takeover = 'taken' | 'gone' | 'busy';

/**
 * Replaces the stale lock `identity` with ours. 'gone': the lock is no longer that stale one (someone took it
 * over or released it: look again); 'busy': another live process is taking it over right now.
 */
function takeOver(file: string, identity: string, me: Holder, mine: string): Takeover {
  for (let generation = 1; generation <= 100; generation++) {
    const token = `${file}.takeover-${identity}-${generation}`;
    try {
      linkSync(mine, token);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const taker = readHolder(token);
      // A taker that died while holding its token: the next generation decides.
      if (taker ? taker.host === me.host && !isAlive(taker.pid) : unreadableAndOld(token)) continue;
      return lockIdentity(file) === identity ? 'busy' : 'gone';
    }
    try {
      // Holding the token, nobody else can replace this stale lock; it may have been replaced before we got it.
      if (lockIdentity(file) !== identity) return 'gone';
      const replacement = `${mine}.new`;
      writeFileSync(replacement, JSON.stringify(me), { mode: 0o600 });
      renameSync(replacement, file);
      return 'taken';
    } finally {
      unlinkSync(token);
      // Tokens left by takers that died before us, for this same stale lock.
      for (let g = 1; g < generation; g++) unlinkQuietly(`${file}.takeover-${identity}-${g}`);
    }
  }
  return 'busy';
}

function unlinkQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch {
    /* already gone */
  }
}

/** Takes the directory's lock or throws DataDirLockedError; the returned function releases it. */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: os.hostname(), started_at: new Date().toISOString() };
  const temp = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(temp, JSON.stringify(me), { mode: 0o600 });
  const release = () => {
    // Remove it only while it is still ours.
    const holder = readHolder(file);
    if (holder?.pid === me.pid && holder.started_at === me.started_at) unlinkSync(file);
  };
  try {
    // A few rounds: a stale lock being taken over by another process is looked at again once that is done.
    for (let attempt = 0; attempt < 200; attempt++) {
      try {
        linkSync(temp, file);
        return release;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const identity = lockIdentity(file);
      if (identity === null) continue; // released meanwhile
      const holder = readHolder(file);
      // Only a holder on this host can be known dead; another host's lock (a shared volume) is respected.
      const stale = holder === null ? unreadableAndOld(file) : holder.host === me.host && !isAlive(holder.pid);
      if (!stale) throw new DataDirLockedError(dir, holder ?? { pid: -1, host: 'unknown', started_at: 'unknown' });
      const outcome = takeOver(file, identity, me, temp);
      if (outcome === 'taken') return release;
      if (outcome === 'busy') pause(5);
    }
    const holder = readHolder(file);
    throw new DataDirLockedError(dir, holder ?? { pid: -1, host: 'unknown', started_at: 'unknown' });
  } finally {
    unlinkSync(temp);
  }
}

/** Takeover tokens in `dir` (tests: none may stay behind). */
export function takeoverTokens(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.startsWith(`${LOCK_FILE}.takeover-`));
}
