// Local-disk storage under DATA_DIR/uploads (one instance, or several sharing one file system). The shared
// rules (folders, sniffing, keys, names) are in storage.ts; this file only moves bytes, and still refuses any
// key that could reach outside the root, as a second line behind the key pattern.
import { randomUUID } from 'node:crypto';
import { access, constants, mkdir, open, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createStorage, type ObjectStore, type Storage } from './storage';

export function createLocalStorage(opts: { root: string }): Storage {
  return createStorage(localObjects(opts.root));
}

export function localObjects(rootDir: string): ObjectStore {
  const root = path.resolve(rootDir);
  const rootWithSep = root.endsWith(path.sep) ? root : root + path.sep;

  /** The absolute path of a key, or null when the key could reach outside root or name a temp file. */
  const pathOf = (key: string): string | null => {
    if (!key || key.includes('\0') || key.includes('\\')) return null;
    if (key.split('/').some((segment) => segment.startsWith('.'))) return null;
    const full = path.resolve(root, key);
    return full.startsWith(rootWithSep) ? full : null;
  };

  return {
    driver: 'local',

    async write(key, body) {
      const target = pathOf(key);
      if (!target) throw new TypeError(`invalid storage key: ${key}`);
      const dir = path.dirname(target);
      await mkdir(dir, { recursive: true });
      // Readers see either nothing or the whole file: write beside it, then rename (atomic on one filesystem).
      const temp = path.join(dir, `.${randomUUID()}.tmp`);
      try {
        await writeFile(temp, body, { flag: 'wx' });
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },

    async read(key) {
      const full = pathOf(key);
      if (!full) return null;
      let handle;
      try {
        handle = await open(full, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      // Stat the open handle, not the path, so a concurrent delete cannot make size and body disagree.
      const info = await handle.stat().catch(async (err: unknown) => {
        await handle.close();
        throw err;
      });
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), size_bytes: info.size };
    },

    async remove(key) {
      const full = pathOf(key);
      if (!full) return;
      try {
        await unlink(full);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },

    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
