import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { chat_attachments, chats } from '../../drizzle/schema';
import { demoPhotoPng } from '../demo/listing-photos';
import { fileUrl } from '../lib/files';
import type { StoredFile } from '../lib/storage';
import { createAdmin, createCompanyWithUsers, createDriver } from '../test/factories';
import { bearerOf } from '../test/rest-client';
import { useTestContext } from '../test/suite';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const CSV = Buffer.from('title,quantity\nSteel,12\n');
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

const t = useTestContext();
const bearer: Record<'a' | 'b' | 'c' | 'admin' | 'driver', string> = { a: '', b: '', c: '', admin: '', driver: '' };
let photo: StoredFile;
let photoBytes: Buffer;
let contract: StoredFile;
let chatPicture: StoredFile;
let tripDocument: StoredFile;
let csvUpload: StoredFile;
let oddlyNamed: StoredFile;

const get = (url: string, who?: keyof typeof bearer) => {
  const req = request(t.app()).get(url);
  return who ? req.set('Authorization', bearer[who]) : req;
};

beforeAll(async () => {
  const db = t.database.db;
  const [a, b, c] = [await createCompanyWithUsers(db), await createCompanyWithUsers(db), await createCompanyWithUsers(db)];
  bearer.a = bearerOf(t, a.member);
  bearer.b = bearerOf(t, b.manager);
  bearer.c = bearerOf(t, c.member);
  bearer.admin = bearerOf(t, (await createAdmin(db)).admin);
  bearer.driver = `Bearer ${t.deps.tokens.signDriver({ sub: String((await createDriver(db)).id), tv: 0 }, 600)}`;

  photoBytes = demoPhotoPng([46, 139, 87]);
  photo = await t.deps.storage.put({ folder: 'materials', name: 'pallets.png', body: photoBytes, kind: 'image', maxBytes: 1 << 20 });
  contract = await t.deps.storage.put({ folder: 'chat', name: 'Tilbud på stål "endelig".pdf', body: PDF, kind: 'document', maxBytes: 1 << 20 });
  chatPicture = await t.deps.storage.put({ folder: 'chat', name: 'site.png', body: photoBytes, kind: 'document', maxBytes: 1 << 20 });
  oddlyNamed = await t.deps.storage.put({ folder: 'chat', name: 'odd.pdf', body: PDF, kind: 'document', maxBytes: 1 << 20 });
  tripDocument = await t.deps.storage.put({ folder: 'trips', name: 'waybill.pdf', body: PDF, kind: 'document', maxBytes: 1 << 20 });
  csvUpload = await t.deps.storage.put({ folder: 'csv', name: 'stock.csv', body: CSV, kind: 'csv', maxBytes: 1 << 20 });

  const [chat] = await db.insert(chats).values({ company_a_id: a.company.id, company_b_id: b.company.id }).returning({ id: chats.id });
  await db
    .insert(chat_attachments)
    .values(
      [contract, chatPicture].map((f) => ({ chat_id: chat!.id, name: f.name, storage_key: f.key, mime_type: f.mime_type, size_bytes: f.size_bytes })),
    );
  // A name that did not pass through storage's cleaning: it must still make one well-formed header.
  await db.insert(chat_attachments).values({
    chat_id: chat!.id,
    name: 'a "quoted"\r\nSet-Cookie: x=1.pdf',
    storage_key: oddlyNamed.key,
    mime_type: 'application/pdf',
    size_bytes: PDF.length,
  });

  // Files a path trick would reach if the route let it: beside the uploads, a dot file and an unknown folder inside.
  const uploads = path.join(t.env.dataDir, 'uploads');
  writeFileSync(path.join(t.env.dataDir, 'secret.txt'), 'secret');
  writeFileSync(path.join(uploads, '.env'), 'SECRET=1');
  mkdirSync(path.join(uploads, 'secret', '2025', '01'), { recursive: true });
  writeFileSync(path.join(uploads, 'secret', '2025', '01', `${UNKNOWN_UUID}.png`), photoBytes);
});

/** The answer for a key nobody stored: every refusal must be indistinguishable from it. */
async function missing() {
  return get(`/files/chat/2025/01/${UNKNOWN_UUID}.pdf`, 'a');
}

function expectLikeMissing(res: request.Response, reference: request.Response) {
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).toBe(reference.headers['content-type']);
  expect(res.headers['cache-control']).toBe(reference.headers['cache-control']);
  expect(res.headers['content-disposition']).toBeUndefined();
  const { request_id: _r1, ...body } = res.body.error;
  const { request_id: _r2, ...expected } = reference.body.error;
  expect(body).toEqual(expected);
}

describe('GET /files/<key>: public folders', () => {
  it('serves a listing photo to anyone, inline, with its sniffed type and a public cache', async () => {
    const res = await get(fileUrl(photo.key)).buffer(true);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(photoBytes);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(photoBytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=86400',
    });
    expect(res.headers['content-disposition']).toMatch(/^inline; filename=[0-9a-f-]{36}\.png$/);
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('serves it whatever token the reader sends, even a broken one', async () => {
    expect((await get(fileUrl(photo.key), 'c')).status).toBe(200);
    expect((await request(t.app()).get(fileUrl(photo.key)).set('Authorization', 'Bearer not-a-token')).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await request(t.app()).head(fileUrl(photo.key));
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(photoBytes.length));
    expect(res.body).toEqual({});
  });

  it('answers a well-formed key that was never stored exactly like a missing private file', async () => {
    expectLikeMissing(await get(`/files/materials/2025/01/${UNKNOWN_UUID}.png`), await missing());
  });
});

describe('GET /files/<key>: chat attachments', () => {
  it('serves a PDF to both companies of the chat as a private attachment under its own name', async () => {
    for (const who of ['a', 'b'] as const) {
      const res = await get(fileUrl(contract.key), who).buffer(true);
      expect(res.status).toBe(200);
      expect(Buffer.from(res.body)).toEqual(PDF);
      expect(res.headers).toMatchObject({
        'content-type': 'application/pdf',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      // RFC 6266: an ASCII fallback, and the real name in filename* (storage already dropped the quotes).
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Tilbud p? st?l endelig.pdf"; filename*=UTF-8''Tilbud%20p%C3%A5%20st%C3%A5l%20endelig.pdf`,
      );
    }
  });

  it('quotes and encodes any stored name into a single header line', async () => {
    const res = await get(fileUrl(oddlyNamed.key), 'a');
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="a \\"quoted\\"??Set-Cookie: x=1.pdf"; filename*=UTF-8''a%20%22quoted%22%0D%0ASet-Cookie%3A%20x%3D1.pdf`,
    );
  });

  it('shows an image attachment inline, still private', async () => {
    const res = await get(fileUrl(chatPicture.key), 'b');
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, no-store',
      'content-disposition': 'inline; filename=site.png',
    });
  });

  it('lets an administrator read it', async () => {
    const res = await get(fileUrl(contract.key), 'admin');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Tilbud/);
  });

  it('answers a third company, a driver, an anonymous caller and a bad token exactly like a missing file', async () => {
    const reference = await missing();
    expect(reference.status).toBe(404);
    for (const who of ['c', 'driver', undefined] as const) expectLikeMissing(await get(fileUrl(contract.key), who), reference);
    expectLikeMissing(await request(t.app()).get(fileUrl(contract.key)).set('Authorization', 'Bearer not-a-token'), reference);
  });

  it('answers an unknown key in the folder exactly the same to an administrator', async () => {
    expectLikeMissing(await get(`/files/chat/2025/01/${UNKNOWN_UUID}.pdf`, 'admin'), await missing());
  });

  it('gives no write access through the route, not even to an administrator', async () => {
    expect((await request(t.app()).delete(fileUrl(contract.key)).set('Authorization', bearer.admin)).status).toBe(404);
    expect((await get(fileUrl(contract.key), 'a')).status).toBe(200);
  });
});

describe('GET /files/<key>: private folders without a reader check yet', () => {
  it('answers trip documents and CSV uploads to administrators only', async () => {
    const reference = await missing();
    for (const file of [tripDocument, csvUpload]) {
      for (const who of ['a', 'driver', undefined] as const) expectLikeMissing(await get(fileUrl(file.key), who), reference);
      const res = await get(fileUrl(file.key), 'admin');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    }
    expect((await get(fileUrl(csvUpload.key), 'admin')).headers['content-type']).toBe('text/csv');
  });
});

describe('GET /files/<key>: path tricks', () => {
  it('answers traversal, encoded separators, dot files, unknown folders and odd spellings like a missing file', async () => {
    const reference = await missing();
    const [folder, yyyy, mm, file] = photo.key.split('/');
    const tricks = [
      '/files/../secret.txt',
      '/files/materials/../../secret.txt',
      `/files/materials/${yyyy}/${mm}/../../../../secret.txt`,
      '/files/materials/..%2F..%2F..%2Fsecret.txt',
      `/files/${folder}%2F${yyyy}%2F${mm}%2F${file}`,
      `/files/${folder}/${yyyy}/${mm}%2F${file}`,
      '/files/%2e%2e/secret.txt',
      '/files/materials/%252e%252e/secret.txt',
      '/files/materials\\..\\..\\secret.txt',
      '/files/.env',
      `/files/materials/${yyyy}/${mm}/.${file}`,
      `/files/secret/2025/01/${UNKNOWN_UUID}.png`,
      `/files/${photo.key.toUpperCase()}`,
      `/files/${photo.key}%00`,
      `/files/${photo.key}/`,
      `/files//${photo.key}`,
    ];
    for (const url of tricks) {
      const res = await get(url, 'admin');
      expect(res.status, url).toBe(404);
      expectLikeMissing(res, reference);
    }
  });
});
