// The file suite: the same 32 hostile files sent to every upload path (listing photos,
// company logos, profile pictures, chat attachments, trip documents, CSV bulk upload). Each must be refused with a
// 4xx, or stored only as what its bytes really are (a type the path allows, under a generated key, never under the
// uploader's name). Text a company typed that a spreadsheet would run as a formula (= + - @) is neutralised in
// the impact export's CSV (the CSV upload neutralises its cells on import: server/modules/materials/csv.test.ts).
// Private files served only to their owners are proven in server/http/files.test.ts (chat attachments, trip
// documents, the CSV folder: another company gets the same 404 as a missing file).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulk_upload_access_requests } from '../../drizzle/schema';
import { sniff } from '../lib/file-sniff';
import { tripBody } from '../test/bodies';
import { createAdmin, createCompanyWithUsers, createDriver, createListing } from '../test/factories';
import { useTestContext } from '../test/suite';
import { tinyPng } from '../test/png';

const png = tinyPng();
const crc32 = (buf: Buffer) => {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A PNG whose header claims width x height: a decompression bomb for whoever decodes it (here: 1 row of data). */
function hugePng(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + Math.min(width, 1 << 20)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A zip whose one entry inflates 10 MB of zeros from a few kB. */
function zipBomb() {
  const data = deflateSync(Buffer.alloc(10 * 1024 * 1024), { level: 9 });
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(10 * 1024 * 1024, 22);
  header.writeUInt16LE(5, 26);
  return Buffer.concat([header, Buffer.from('a.txt'), data]);
}
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** 32 hostile files: name and bytes. */
const HOSTILE: { label: string; name: string; body: Buffer }[] = [
  { label: 'empty file', name: 'empty.png', body: Buffer.alloc(0) },
  { label: 'one byte', name: 'a.png', body: Buffer.from([0x89]) },
  { label: 'HTML named .png', name: 'photo.png', body: Buffer.from('<html><script>alert(document.cookie)</script></html>') },
  {
    label: 'SVG with script',
    name: 'logo.svg',
    body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
  },
  {
    label: 'SVG named .png',
    name: 'logo.png',
    body: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  { label: 'JavaScript named .jpg', name: 'x.jpg', body: Buffer.from('fetch("/api/auth/me").then(r=>r.text()).then(alert)') },
  { label: 'ELF executable named .png', name: 'run.png', body: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]) },
  { label: 'Windows PE named .pdf', name: 'invoice.pdf', body: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')]) },
  { label: 'zip bomb named .png', name: 'bomb.png', body: zipBomb() },
  { label: 'zip bomb named .docx', name: 'bomb.docx', body: zipBomb() },
  { label: 'PNG claiming 100000 x 100000 pixels', name: 'huge.png', body: hugePng(100_000, 100_000) },
  { label: 'PNG claiming 2^31-1 x 1 pixels', name: 'wide.png', body: hugePng(2 ** 31 - 1, 1) },
  { label: 'PNG magic then HTML (polyglot)', name: 'poly.png', body: Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]) },
  { label: 'GIF header then JavaScript (GIFAR-style)', name: 'g.gif', body: Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(1)//;') },
  {
    label: 'PDF with JavaScript named .png',
    name: 'doc.png',
    body: Buffer.from('%PDF-1.4\n1 0 obj<</OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF'),
  },
  { label: 'truncated PNG signature', name: 'cut.png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  { label: 'JPEG magic only', name: 'j.jpg', body: Buffer.from([0xff, 0xd8, 0xff]) },
  { label: 'path traversal name', name: '../../../../etc/passwd.png', body: png },
  { label: 'Windows traversal name', name: '..\\..\\windows\\system32\\x.png', body: png },
  { label: 'absolute path name', name: '/etc/cron.d/x.png', body: png },
  { label: 'NUL in the name', name: 'photo.png\u0000.html', body: png },
  { label: 'double extension', name: 'photo.php.png', body: png },
  { label: 'double extension, image last', name: 'photo.png.html', body: png },
  { label: 'right-to-left override in the name', name: 'gnp\u202e.exe.png', body: png },
  { label: 'header injection in the name', name: 'a.png"\r\nContent-Type: text/html\r\n\r\n<script>', body: png },
  { label: 'name of 200 dots', name: '.'.repeat(200), body: png },
  { label: 'lone surrogate in the name', name: 'x\ud800.png', body: png },
  { label: 'UTF-16 text named .csv', name: 'rows.csv', body: Buffer.from('\ufefftitle\n=cmd', 'utf16le') },
  { label: 'invalid UTF-8 bytes', name: 'bad.csv', body: Buffer.from([0x74, 0xff, 0xfe, 0x0a]) },
  { label: 'NUL bytes in text', name: 'nul.csv', body: Buffer.from('title\n\u0000\u0000\n') },
  {
    label: 'Office macro container (CFB) named .doc',
    name: 'm.doc',
    body: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
  },
  { label: 'a real PDF named .png', name: 'real.png', body: pdf },
];

const CSV_OK = 'title,description,category,frequency,quantity,condition,type,final_use\nPallets,Wooden pallets,surplus,weekly,10,Used,Wood,Reuse\n';
const dataUrl = (body: Buffer, type = 'image/png') => `data:${type};base64,${body.toString('base64')}`;

const t = useTestContext();
let ctx: {
  listing: number;
  manager: Awaited<ReturnType<typeof createCompanyWithUsers>>;
  chat: number;
  trip: number;
  driver: number;
  exchange: number;
};

/** Every file under the data directory: what storage wrote. */
function storedFiles(dir = t.env.DATA_DIR): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...storedFiles(full));
    else out.push(full);
  }
  return out;
}

type Outcome = { refused: true; status: string } | { refused: false; stored: string[] };

async function attempt(call: () => Promise<unknown>): Promise<Outcome> {
  const before = new Set(storedFiles());
  try {
    await call();
  } catch (err) {
    if (err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR') return { refused: true, status: err.code };
    throw err;
  }
  return { refused: false, stored: storedFiles().filter((f) => !before.has(f)) };
}

/** One upload path: how to send one file, and which types it may keep. */
interface UploadPath {
  name: string;
  kind: 'image' | 'document' | 'csv';
  send: (file: { name: string; body: Buffer }) => Promise<unknown>;
}

const paths = (): UploadPath[] => [
  {
    name: 'listing photos (materials.update)',
    kind: 'image',
    send: async (f) => {
      const m = (await t.caller(ctx.manager.managerActor).materials.get({ id: ctx.listing })) as Record<string, unknown>;
      const { title, description, category, frequency, quantity, condition, type, final_use, uuid, company_id } = m;
      const body = { title, description, category, frequency, quantity, condition, type, final_use, uuid, company_id };
      return t
        .caller(ctx.manager.managerActor)
        .materials.update({ ...body, id: ctx.listing, images: [{ name: f.name, body: dataUrl(f.body) }] } as never);
    },
  },
  {
    name: 'company logo (companies.update)',
    kind: 'image',
    send: (f) =>
      t.caller(ctx.manager.managerActor).companies.update({ id: ctx.manager.company.id, image: { name: f.name, body: dataUrl(f.body) } } as never),
  },
  {
    name: 'profile picture (users.update)',
    kind: 'image',
    send: (f) =>
      t.caller(ctx.manager.managerActor).users.update({ id: ctx.manager.manager.id, image: { name: f.name, body: dataUrl(f.body) } } as never),
  },
  {
    name: 'chat attachment (chat.send)',
    kind: 'document',
    send: (f) =>
      t
        .caller(ctx.manager.managerActor)
        .chat.send({ id: ctx.chat, message: 'file', attachments: [{ name: f.name, body: dataUrl(f.body, 'application/pdf') }] } as never),
  },
  {
    name: 'trip document (driver.uploadDocuments)',
    kind: 'document',
    send: (f) =>
      t
        .caller({ kind: 'driver', driver_id: ctx.driver })
        .driver.uploadDocuments({ id: ctx.trip, documents: [{ name: f.name, body: dataUrl(f.body, 'application/pdf') }] }),
  },
  {
    name: 'CSV bulk upload (materials.bulkUpload)',
    kind: 'csv',
    send: (f) => t.caller(ctx.manager.managerActor).materials.bulkUpload({ file_name: f.name, body_base64: f.body.toString('base64') }),
  },
];

beforeAll(async () => {
  const db = t.database.db;
  const [A, C, admin, driver] = await Promise.all([
    createCompanyWithUsers(db),
    createCompanyWithUsers(db, { name: '@SUM(1+1)*cmd|" /C calc"!A0' }),
    createAdmin(db),
    createDriver(db),
  ]);
  await t.caller(A.managerActor).materials.requestBulkAccess();
  const [request] = await db
    .select({ id: bulk_upload_access_requests.id })
    .from(bulk_upload_access_requests)
    .where(eq(bulk_upload_access_requests.company_id, A.company.id));
  await t.caller(admin.adminActor).materials.admin.reviewBulkAccess({ id: request!.id, decision: 'grant' });
  const listing = await createListing(db, A.company.id, { quantity: 5000 });
  const offered = await createListing(db, C.company.id, { quantity: 5000, title: '=HYPERLINK("http://evil.example")' });
  const offer = await t.caller(A.memberActor).offers.create({ material_id: offered.id, quantity: 10, message: 'Files' });
  const { exchange_id } = await t.caller(C.managerActor).offers.review({ id: offer.id, decision: 'accept' });
  const exchange = await t.caller(A.memberActor).exchanges.get({ id: exchange_id! });
  const trip = await t
    .caller(admin.adminActor)
    .drivers.admin.createTrip(tripBody({ id: exchange_id!, material: offered }, { driver_id: driver.id, contact_person: 'Files' }));
  ctx = { listing: listing.id, manager: A, chat: exchange.chat_id!, trip: trip.id, driver: driver.id, exchange: exchange_id! };
}, 120_000);

const ALLOWED: Record<UploadPath['kind'], RegExp> = {
  image: /^image\/(jpeg|png|gif|webp)$/,
  document: /^(image\/(jpeg|png|gif)|application\/(pdf|msword|vnd\.ms-excel|vnd\.openxmlformats-officedocument\..+))$/,
  csv: /^text\/csv$/,
};

describe('file suite', () => {
  it(`sends ${HOSTILE.length} hostile files to each upload path: refused with a 4xx, or kept only as what the bytes are`, async () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
    const wrong: string[] = [];
    const tally: Record<string, { refused: number; stored: number }> = {};
    const good = {
      image: { name: 'good.png', body: png },
      document: { name: 'good.pdf', body: pdf },
      csv: { name: 'good.csv', body: Buffer.from(CSV_OK) },
    };
    for (const p of paths()) {
      // The control: a good file goes through, so a path that refuses everything (a wrong input) cannot pass.
      const control = await attempt(() => p.send(good[p.kind]));
      if (control.refused) wrong.push(`${p.name}: the good file was refused (${control.status})`);
      tally[p.name] = { refused: 0, stored: 0 };
      for (const f of HOSTILE) {
        const o = await attempt(() => p.send(f)).catch((err: unknown) => ({ error: String(err) }));
        if ('error' in o) {
          wrong.push(`${p.name} / ${f.label}: ${o.error}`);
          continue;
        }
        if (o.refused) {
          tally[p.name]!.refused += 1;
          continue;
        }
        if (/pixels|empty|HTML named|SVG|executable|zip bomb|JavaScript named \.jpg/.test(f.label)) wrong.push(`${p.name} / ${f.label}: accepted`);
        tally[p.name]!.stored += 1;
        for (const file of o.stored) {
          const base = path.basename(file);
          // A generated key, never the uploader's name.
          if (base.includes('..') || /[\p{Cc}\u202e"\\/]/u.test(base) || base.includes('passwd') || base.includes('.php') || base.includes('.html'))
            wrong.push(`${p.name} / ${f.label}: stored under ${base}`);
          if (p.kind === 'csv') continue;
          const kept = await sniff(readFileSync(file), p.kind);
          if (!kept.ok || !ALLOWED[p.kind].test(kept.mime_type) || path.extname(base) !== `.${kept.ext}`)
            wrong.push(`${p.name} / ${f.label}: kept ${base} as ${kept.ok ? kept.mime_type : 'unknown'}`);
        }
      }
    }
    console.info(`file suite: ${JSON.stringify(tally)}`);
    expect(wrong).toEqual([]);
    // Every path refused the empty file, the HTML, the SVG and the executables.
    expect(Object.values(tally).every((x) => x.refused >= 10)).toBe(true);
  });

  it('neutralises formula cells (= + - @) typed by companies when the impact export writes CSV', async () => {
    await t.caller(ctx.manager.memberActor).exchanges.end({ id: ctx.exchange, level_of_completion: 'COMPLETED', successful: true } as never);
    const file = (await t.caller(ctx.manager.managerActor).stats.export({ id: ctx.manager.company.id, format: 'csv' })) as { content: string };
    const cells = file.content.split(/\r?\n/).flatMap((line) => line.split(','));
    expect(file.content).toContain(`'=HYPERLINK`);
    expect(file.content).toContain(`'@SUM`);
    expect(cells.filter((c) => /^"?[=+@]/.test(c))).toEqual([]);
  });
});
