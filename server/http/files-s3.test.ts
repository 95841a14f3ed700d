// GET /files/<key> with STORAGE_DRIVER=s3: the same answers as on disk (server/http/files.test.ts), the bytes
// streamed from the bucket through the app after the reader check (docs/decisions/0140).
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat_attachments, chats } from '../../drizzle/schema';
import { demoPhotoPng } from '../demo/listing-photos';
import { fileUrl } from '../lib/files';
import type { StoredFile } from '../lib/storage';
import { createCompanyWithUsers } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { bearerOf } from '../test/rest-client';
import { hasTestS3, startTestS3, type TestS3 } from '../test/s3';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
let s3: TestS3;
let t: TestContext;
let photo: StoredFile;
let contract: StoredFile;
const bearer = { a: '', c: '' };

beforeAll(async () => {
  if (!hasTestS3) return;
  s3 = await startTestS3();
  t = await createTestContext(s3.env);
  expect(t.deps.storage.driver).toBe('s3');
  const db = t.database.db;
  const [a, b, c] = [await createCompanyWithUsers(db), await createCompanyWithUsers(db), await createCompanyWithUsers(db)];
  bearer.a = bearerOf(t, a.member);
  bearer.c = bearerOf(t, c.member);
  photo = await t.deps.storage.put({ folder: 'materials', name: 'pallets.png', body: demoPhotoPng([46, 139, 87]), kind: 'image', maxBytes: 1 << 20 });
  contract = await t.deps.storage.put({ folder: 'chat', name: 'Tilbud.pdf', body: PDF, kind: 'document', maxBytes: 1 << 20 });
  const [chat] = await db.insert(chats).values({ company_a_id: a.company.id, company_b_id: b.company.id }).returning({ id: chats.id });
  await db
    .insert(chat_attachments)
    .values({ chat_id: chat!.id, name: contract.name, storage_key: contract.key, mime_type: contract.mime_type, size_bytes: contract.size_bytes });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe.skipIf(!hasTestS3)('GET /files/<key> from an S3-compatible bucket', () => {
  it('streams a public photo to anyone with its type, length and public cache', async () => {
    const res = await request(t.app()).get(fileUrl(photo.key)).buffer(true);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(demoPhotoPng([46, 139, 87]));
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(photo.size_bytes),
      'cache-control': 'public, max-age=86400',
    });
  });

  it('streams a chat attachment to a company of the chat only; anyone else gets the 404 of a missing file', async () => {
    const ok = await request(t.app()).get(fileUrl(contract.key)).set('Authorization', bearer.a).buffer(true);
    expect(ok.status).toBe(200);
    expect(Buffer.from(ok.body)).toEqual(PDF);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.headers['content-disposition']).toBe('attachment; filename=Tilbud.pdf');
    expect((await request(t.app()).get(fileUrl(contract.key)).set('Authorization', bearer.c)).status).toBe(404);
    expect((await request(t.app()).get(fileUrl(contract.key))).status).toBe(404);
  });

  it('answers a key the bucket does not hold with 404, and HEAD without a body', async () => {
    expect((await request(t.app()).get('/files/materials/2025/01/00000000-0000-4000-8000-000000000000.png')).status).toBe(404);
    const head = await request(t.app()).head(fileUrl(photo.key));
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(photo.size_bytes));
  });

  it('removes the object when storage deletes the file', async () => {
    const extra = await t.deps.storage.put({ folder: 'materials', name: 'x.png', body: demoPhotoPng([1, 2, 3]), kind: 'image', maxBytes: 1 << 20 });
    expect((await request(t.app()).get(fileUrl(extra.key))).status).toBe(200);
    await t.deps.storage.delete(extra.key);
    expect((await request(t.app()).get(fileUrl(extra.key))).status).toBe(404);
  });
});
