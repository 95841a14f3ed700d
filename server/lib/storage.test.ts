// The storage contract, run against every backend: local disk and an S3-compatible server (s3rver, started
// here). Backend-specific checks (temp files, paths outside the root) live in storage-local.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTestS3, startTestS3, type TestS3 } from '../test/s3';
import { tinyPng } from '../test/png';
import { AppError } from './errors';
import { folderOfKey, type FileFolder } from './files';
import { sanitiseFileName, type Storage } from './storage';
import { createLocalStorage } from './storage-local';
import { createS3Storage, s3Objects } from './storage-s3';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  throw new Error('expected the promise to reject');
}

async function bytes(file: { body: NodeJS.ReadableStream }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of file.body) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

let s3: TestS3;
let root: string;
beforeAll(async () => {
  if (hasTestS3) s3 = await startTestS3();
  root = path.join(await mkdtemp(path.join(os.tmpdir(), 'synergy-storage-')), 'uploads');
});
afterAll(async () => {
  await s3?.close();
  if (root) await rm(path.dirname(root), { recursive: true, force: true });
});

const s3Options = () => ({
  bucket: s3.bucket,
  region: 'us-east-1',
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

const backends: [string, () => Storage][] = [
  ['local disk', () => createLocalStorage({ root })],
  ...(hasTestS3 ? [['S3-compatible bucket', () => createS3Storage(s3Options())] satisfies [string, () => Storage]] : []),
];

describe.each(backends)('storage contract: %s', (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = make();
    await storage.check();
  });

  it('stores a real PNG under a generated key and reads the same bytes back, typed by content', async () => {
    const png = tinyPng();
    const stored = await storage.put({ folder: 'materials', name: 'C:\\Users\\me\\pallet photo.png', body: png, kind: 'image', maxBytes: 1024 });
    expect(stored.key).toMatch(/^materials\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(stored.key).not.toContain('pallet');
    expect(folderOfKey(stored.key)).toBe('materials');
    expect(stored).toEqual({ key: stored.key, name: 'pallet photo.png', mime_type: 'image/png', size_bytes: png.length });

    const file = await storage.get(stored.key);
    expect(file).not.toBeNull();
    expect(file!.mime_type).toBe('image/png');
    expect(file!.size_bytes).toBe(png.length);
    expect(await bytes(file!)).toEqual(png);
  });

  it('names the stored file by its content, not by the extension the uploader chose', async () => {
    const stored = await storage.put({ folder: 'materials', name: 'photo.gif', body: tinyPng(), kind: 'image', maxBytes: 1024 });
    expect(stored.key.endsWith('.png')).toBe(true);
    expect(stored.name).toBe('photo.gif');
  });

  it('refuses a text file named .png with UNSUPPORTED_MEDIA_TYPE', async () => {
    const body = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await codeOf(storage.put({ folder: 'materials', name: 'cat.png', body, kind: 'image', maxBytes: 1024 }))).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a body over maxBytes with PAYLOAD_TOO_LARGE', async () => {
    const png = tinyPng();
    expect(await codeOf(storage.put({ folder: 'materials', name: 'a.png', body: png, kind: 'image', maxBytes: png.length - 1 }))).toBe(
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('refuses a folder that is not one of the known folders', async () => {
    for (const folder of ['../etc', 'Materials', 'a/b', '', 'photos', 'toString']) {
      await expect(storage.put({ folder: folder as FileFolder, name: 'a.png', body: tinyPng(), kind: 'image', maxBytes: 1024 })).rejects.toThrow(
        TypeError,
      );
    }
  });

  it('accepts CSV text for the csv kind and serves it as text/csv', async () => {
    const stored = await storage.put({
      folder: 'csv',
      name: 'stock.csv',
      body: Buffer.from('name,quantity\nSteel,12\n'),
      kind: 'csv',
      maxBytes: 1024,
    });
    expect(stored.key.endsWith('.csv')).toBe(true);
    const file = await storage.get(stored.key);
    expect(file!.mime_type).toBe('text/csv');
    expect(await text(file!.body)).toBe('name,quantity\nSteel,12\n');
  });

  it('stores a PDF document as application/pdf under a .pdf key whatever the uploader called it', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
    const stored = await storage.put({ folder: 'chat', name: 'Tilbud på stål.docx', body: pdf, kind: 'document', maxBytes: 1024 });
    expect(stored.key).toMatch(/^chat\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(stored).toMatchObject({ name: 'Tilbud på stål.docx', mime_type: 'application/pdf', size_bytes: pdf.length });
    const file = await storage.get(stored.key);
    expect(file!.mime_type).toBe('application/pdf');
    expect(await bytes(file!)).toEqual(pdf);
  });

  it('returns null for a missing key and for anything that is not a key storage makes', async () => {
    expect(await storage.get('materials/2020/01/00000000-0000-0000-0000-000000000000.png')).toBeNull();
    for (const key of ['../secret.txt', 'materials/../../secret.txt', '/etc/passwd', 'materials', 'materials\\..\\x', 'materials/.pending.tmp', '']) {
      expect(await storage.get(key)).toBeNull();
    }
  });

  it('deletes a file, and deleting again or deleting a missing or malformed key is not an error', async () => {
    const stored = await storage.put({ folder: 'chat', name: 'a.png', body: tinyPng(), kind: 'image', maxBytes: 1024 });
    await storage.delete(stored.key);
    expect(await storage.get(stored.key)).toBeNull();
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
    await expect(storage.delete('../secret.txt')).resolves.toBeUndefined();
  });

  it('gives every write its own key, also when writes run at once', async () => {
    const png = tinyPng();
    const keys = await Promise.all(
      Array.from({ length: 8 }, () => storage.put({ folder: 'logos', name: 'logo.png', body: png, kind: 'image', maxBytes: 1024 })),
    );
    expect(new Set(keys.map((k) => k.key)).size).toBe(8);
    for (const k of keys) expect(await bytes((await storage.get(k.key))!)).toEqual(png);
  });

  it('streams a file that is larger than one network chunk intact', async () => {
    // A PDF of 3 MiB: bigger than any socket buffer, so the body really arrives in pieces.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), Buffer.alloc(3 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n', 'latin1')]);
    const stored = await storage.put({ folder: 'trips', name: 'big.pdf', body: pdf, kind: 'document', maxBytes: 4 * 1024 * 1024 });
    const file = await storage.get(stored.key);
    expect(file!.size_bytes).toBe(pdf.length);
    expect((await bytes(file!)).equals(pdf)).toBe(true);
  });
});

describe.skipIf(!hasTestS3)('S3 storage', () => {
  it('stores the sniffed content type on the object', async () => {
    const objects = s3Objects(s3Options());
    const storage = createS3Storage(s3Options());
    const stored = await storage.put({ folder: 'materials', name: 'x.png', body: tinyPng(), kind: 'image', maxBytes: 1024 });
    const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const head = await objects.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: stored.key }));
    expect(head.ContentType).toBe('image/png');
    expect(head.ContentLength).toBe(stored.size_bytes);
  });

  it('fails the start-up check with a readable reason when the bucket does not exist', async () => {
    const storage = createS3Storage({ ...s3Options(), bucket: 'no-such-bucket' });
    await expect(storage.check()).rejects.toThrow(/S3 bucket "no-such-bucket" .* does not exist/);
  });

  it('treats a missing bucket on read as an error, not as a missing file', async () => {
    const storage = createS3Storage({ ...s3Options(), bucket: 'no-such-bucket' });
    await expect(storage.get('materials/2020/01/00000000-0000-0000-0000-000000000000.png')).rejects.toThrow();
  });

  it('fails the start-up check when the server cannot be reached', async () => {
    const storage = createS3Storage({ ...s3Options(), endpoint: 'http://127.0.0.1:9' });
    await expect(storage.check()).rejects.toThrow(/cannot be reached/);
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
