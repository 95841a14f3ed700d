import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { folderOfKey, type FileFolder } from './files';
import type { Storage } from './storage';
import { createLocalStorage, sanitiseFileName } from './storage-local';

/** A real 1×1 RGBA PNG: signature, IHDR, IDAT (zlib), IEND, each chunk with its CRC. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  const scanline = Buffer.from([0, 0x2e, 0x8b, 0x57, 0xff]); // filter byte, then one green pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(scanline)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  throw new Error('expected the promise to reject');
}

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

  it('stores a real PNG under a generated key and reads it back', async () => {
    const png = tinyPng();
    const stored = await storage.put({ folder: 'materials', name: 'C:\\Users\\me\\pallet photo.png', body: png, kind: 'image', maxBytes: 1024 });

    expect(stored.key).toMatch(/^materials\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(stored.key).not.toContain('pallet');
    expect(folderOfKey(stored.key)).toBe('materials');
    expect(stored).toEqual({ key: stored.key, name: 'pallet photo.png', mime_type: 'image/png', size_bytes: png.length });
    expect(await readFile(path.join(root, stored.key))).toEqual(png);

    const file = await storage.get(stored.key);
    expect(file).not.toBeNull();
    expect(file!.mime_type).toBe('image/png');
    expect(file!.size_bytes).toBe(png.length);
    const chunks: Buffer[] = [];
    for await (const c of file!.body) chunks.push(Buffer.from(c as Buffer));
    expect(Buffer.concat(chunks)).toEqual(png);
  });

  it('leaves no temporary file behind after a write', async () => {
    const stored = await storage.put({ folder: 'avatars', name: 'me.png', body: tinyPng(), kind: 'image', maxBytes: 1024 });
    const entries = await readdir(path.join(root, path.dirname(stored.key)));
    expect(entries).toEqual([path.basename(stored.key)]);
  });

  it('names the stored file by its content, not by the extension the uploader chose', async () => {
    const stored = await storage.put({ folder: 'materials', name: 'photo.gif', body: tinyPng(), kind: 'image', maxBytes: 1024 });
    expect(stored.key.endsWith('.png')).toBe(true);
    expect(stored.name).toBe('photo.gif');
  });

  it('refuses a text file named .png with UNSUPPORTED_MEDIA_TYPE and writes nothing', async () => {
    const fresh = createLocalStorage({ root: path.join(root, '..', 'refused') });
    const body = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await codeOf(fresh.put({ folder: 'materials', name: 'cat.png', body, kind: 'image', maxBytes: 1024 }))).toBe('UNSUPPORTED_MEDIA_TYPE');
    await expect(readdir(path.join(root, '..', 'refused'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a body over maxBytes with PAYLOAD_TOO_LARGE', async () => {
    const png = tinyPng();
    expect(await codeOf(storage.put({ folder: 'materials', name: 'a.png', body: png, kind: 'image', maxBytes: png.length - 1 }))).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a folder that is not one of the known folders', async () => {
    for (const folder of ['../etc', 'Materials', 'a/b', '', 'photos', 'toString']) {
      await expect(storage.put({ folder: folder as FileFolder, name: 'a.png', body: tinyPng(), kind: 'image', maxBytes: 1024 })).rejects.toThrow(TypeError);
    }
  });

  it('accepts CSV text for the csv kind and serves it as text/csv', async () => {
    const body = Buffer.from('name,quantity\nSteel,12\n');
    const stored = await storage.put({ folder: 'csv', name: 'stock.csv', body, kind: 'csv', maxBytes: 1024 });
    expect(stored.key.endsWith('.csv')).toBe(true);
    expect(folderOfKey(stored.key)).toBe('csv');
    const file = await storage.get(stored.key);
    expect(file!.mime_type).toBe('text/csv');
    expect(await text(file!.body)).toBe('name,quantity\nSteel,12\n');
  });

  it('returns null for a missing key and for keys that try to leave the root', async () => {
    const outside = path.join(path.dirname(root), 'secret.txt');
    await writeFile(outside, 'secret');
    expect(await storage.get('materials/2020/01/00000000-0000-0000-0000-000000000000.png')).toBeNull();
    expect(await storage.get('../secret.txt')).toBeNull();
    expect(await storage.get('materials/../../secret.txt')).toBeNull();
    expect(await storage.get(outside)).toBeNull();
    expect(await storage.get('materials')).toBeNull();
    expect(await storage.get('materials\\..\\..\\secret.txt')).toBeNull();
  });

  it('never serves the temporary files of a write in progress', async () => {
    await mkdir(path.join(root, 'materials'), { recursive: true });
    await writeFile(path.join(root, 'materials', '.pending.tmp'), 'partial');
    expect(await storage.get('materials/.pending.tmp')).toBeNull();
  });

  it('deletes a file, and deleting again or deleting a missing key is not an error', async () => {
    const stored = await storage.put({ folder: 'chat', name: 'a.png', body: tinyPng(), kind: 'image', maxBytes: 1024 });
    await storage.delete(stored.key);
    expect(await storage.get(stored.key)).toBeNull();
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
    await expect(storage.delete('../secret.txt')).resolves.toBeUndefined();
    expect(await readFile(path.join(path.dirname(root), 'secret.txt'), 'utf8')).toBe('secret');
  });

  it('stores a PDF document as application/pdf under a .pdf key whatever the uploader called it', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
    const stored = await storage.put({ folder: 'chat', name: 'Tilbud på stål.docx', body: pdf, kind: 'document', maxBytes: 1024 });
    expect(stored.key).toMatch(/^chat\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(stored).toMatchObject({ name: 'Tilbud på stål.docx', mime_type: 'application/pdf', size_bytes: pdf.length });
    const file = await storage.get(stored.key);
    expect(file!.mime_type).toBe('application/pdf');
    file!.body.destroy();
  });

  it('gives every write its own key', async () => {
    const png = tinyPng();
    const keys = await Promise.all([1, 2, 3].map(() => storage.put({ folder: 'logos', name: 'logo.png', body: png, kind: 'image', maxBytes: 1024 })));
    expect(new Set(keys.map((k) => k.key)).size).toBe(3);
  });
});

describe('sanitiseFileName', () => {
  it('keeps the last path segment without control or reserved characters', () => {
    expect(sanitiseFileName('../../etc/passwd', 'png')).toBe('passwd');
    expect(sanitiseFileName('a\u0000b<c>.pdf', 'pdf')).toBe('abc.pdf');
    expect(sanitiseFileName('  report \n final.pdf ', 'pdf')).toBe('report final.pdf');
  });

  it('falls back to a generic name and bounds long names, keeping the extension', () => {
    expect(sanitiseFileName('...', 'png')).toBe('file.png');
    const long = sanitiseFileName(`${'ø'.repeat(300)}.xlsx`, 'xlsx');
    expect([...long]).toHaveLength(200);
    expect(long.endsWith('.xlsx')).toBe(true);
  });
});
