// Local-disk specifics; the contract every backend keeps is in storage.test.ts.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from './storage';
import { createLocalStorage, localObjects } from './storage-local';
import { tinyPng } from '../test/png';

describe('local storage', () => {
  let root: string;
  let storage: Storage;

  beforeAll(async () => {
    root = path.join(await mkdtemp(path.join(os.tmpdir(), 'synergy-storage-')), 'uploads');
    storage = createLocalStorage({ root });
  });
  afterAll(async () => {
    await rm(path.dirname(root), { recursive: true, force: true });
  });

  it('writes the file under its key below the root', async () => {
    const png = tinyPng();
    const stored = await storage.put({ folder: 'materials', name: 'pallet.png', body: png, kind: 'image', maxBytes: 1024 });
    expect(await readFile(path.join(root, stored.key))).toEqual(png);
  });

  it('leaves no temporary file behind after a write', async () => {
    const stored = await storage.put({ folder: 'avatars', name: 'me.png', body: tinyPng(), kind: 'image', maxBytes: 1024 });
    const entries = await readdir(path.join(root, path.dirname(stored.key)));
    expect(entries).toEqual([path.basename(stored.key)]);
  });

  it('writes nothing at all for a refused upload', async () => {
    const fresh = createLocalStorage({ root: path.join(root, '..', 'refused') });
    const body = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(fresh.put({ folder: 'materials', name: 'cat.png', body, kind: 'image', maxBytes: 1024 })).rejects.toThrow();
    await expect(readdir(path.join(root, '..', 'refused'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('never reads outside the root or temporary files, even when asked below the key check', async () => {
    const outside = path.join(path.dirname(root), 'secret.txt');
    await writeFile(outside, 'secret');
    await mkdir(path.join(root, 'materials'), { recursive: true });
    await writeFile(path.join(root, 'materials', '.pending.tmp'), 'partial');
    const objects = localObjects(root);
    for (const key of ['../secret.txt', 'materials/../../secret.txt', outside, 'materials\\..\\..\\secret.txt', 'materials/.pending.tmp']) {
      expect(await objects.read(key)).toBeNull();
    }
    expect(await objects.read('materials')).toBeNull();
    await objects.remove('../secret.txt');
    expect(await readFile(outside, 'utf8')).toBe('secret');
    await expect(objects.write('../escape.png', tinyPng(), 'image/png')).rejects.toThrow(TypeError);
  });

  it('passes its start-up check by creating the root', async () => {
    const fresh = path.join(path.dirname(root), 'new-root');
    await createLocalStorage({ root: fresh }).check();
    expect(await readdir(fresh)).toEqual([]);
  });
});
