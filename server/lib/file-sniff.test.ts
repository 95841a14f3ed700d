import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mimeTypeForExtension, sniff } from './file-sniff';

// A well-known valid 1×1 PNG (server/test/png.ts builds one chunk by chunk).
const tinyPng = () => Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The run of fields a local and a central header both carry, from `at`: CRC-32, compressed and uncompressed size, name length. */
function writeEntryFields(header: Buffer, at: number, data: Buffer, name: Buffer) {
  header.writeUInt32LE(crc32(data), at);
  header.writeUInt32LE(data.length, at + 4);
  header.writeUInt32LE(data.length, at + 8);
  header.writeUInt16LE(name.length, at + 12);
}

/** A ZIP archive of stored (uncompressed) entries, with a central directory. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeEntryFields(local, 14, data, nameBytes);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    writeEntryFields(central, 16, data, nameBytes);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/main.xml" ContentType="${main}"/></Types>`;
const docx = () =>
  zip({
    '[Content_Types].xml': contentTypes('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
    'word/document.xml': '<w:document/>',
  });
const xlsx = () =>
  zip({
    '[Content_Types].xml': contentTypes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
    'xl/workbook.xml': '<workbook/>',
  });

/** The CFB signature and a directory entry naming the stream that tells Word from Excel from the rest. */
function cfb(streamName: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const entry = Buffer.alloc(128);
  Buffer.from(`${streamName}\0`, 'utf16le').copy(entry);
  return Buffer.concat([header, entry]);
}

// JFIF header, then a start-of-frame (SOF0) of 16 x 16 pixels: the size check reads it.
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x0b,
  0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9,
]);
const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
// A lossy WebP frame header of 16 x 16 pixels (bytes 26-29).
const webp = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8 ', 'latin1'),
  Buffer.from([10, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, 16, 0, 16, 0]),
  Buffer.alloc(4),
]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const csvText = Buffer.from('name,quantity,unit\nSteel offcuts,12,t\nKøbenhavn pallets,40,pcs\n', 'utf8');

describe('sniff', () => {
  it.each([
    ['png', tinyPng(), 'image/png', 'png'],
    ['jpeg', jpeg, 'image/jpeg', 'jpg'],
    ['gif', gif, 'image/gif', 'gif'],
    ['webp', webp, 'image/webp', 'webp'],
  ])('accepts a %s as an image', async (_label, body, mime_type, ext) => {
    expect(await sniff(body, 'image')).toEqual({ ok: true, mime_type, ext });
  });

  it.each([
    ['pdf', pdf, 'application/pdf', 'pdf'],
    ['docx', docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['xlsx', xlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
    ['doc', cfb('WordDocument'), 'application/msword', 'doc'],
    ['xls', cfb('Workbook'), 'application/vnd.ms-excel', 'xls'],
    ['png', tinyPng(), 'image/png', 'png'],
  ])('accepts a %s as a document', async (_label, body, mime_type, ext) => {
    expect(await sniff(body, 'document')).toEqual({ ok: true, mime_type, ext });
  });

  it('refuses documents, text and webp where an image is required', async () => {
    expect(await sniff(pdf, 'image')).toEqual({ ok: false, reason: 'unsupported' });
    expect(await sniff(docx(), 'image')).toEqual({ ok: false, reason: 'unsupported' });
    expect(await sniff(csvText, 'image')).toEqual({ ok: false, reason: 'unsupported' });
    expect(await sniff(webp, 'document')).toEqual({ ok: false, reason: 'unsupported' });
  });

  it('refuses a zip that is not an Office document, and a CFB that is neither Word nor Excel', async () => {
    expect(await sniff(zip({ 'readme.txt': 'hello' }), 'document')).toEqual({ ok: false, reason: 'unsupported' });
    expect(await sniff(cfb('PowerPoint Document'), 'document')).toEqual({ ok: false, reason: 'unsupported' });
  });

  it('refuses an empty body for every kind', async () => {
    for (const kind of ['image', 'document', 'csv'] as const) {
      expect(await sniff(Buffer.alloc(0), kind)).toEqual({ ok: false, reason: 'unsupported' });
    }
  });

  it('accepts UTF-8 text as CSV, with or without a byte-order mark', async () => {
    expect(await sniff(csvText, 'csv')).toEqual({ ok: true, mime_type: 'text/csv', ext: 'csv' });
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csvText]);
    expect(await sniff(withBom, 'csv')).toEqual({ ok: true, mime_type: 'text/csv', ext: 'csv' });
  });

  it('refuses binary content, NUL bytes and invalid UTF-8 as CSV', async () => {
    expect(await sniff(tinyPng(), 'csv')).toEqual({ ok: false, reason: 'unsupported' });
    expect(await sniff(xlsx(), 'csv')).toEqual({ ok: false, reason: 'unsupported' });
    expect(await sniff(Buffer.from('a,b\n1,\u00002\n', 'utf8'), 'csv')).toEqual({ ok: false, reason: 'unsupported' });
    expect(await sniff(Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a]), 'csv')).toEqual({ ok: false, reason: 'unsupported' });
  });

  it('maps stored extensions back to their content type', () => {
    expect(mimeTypeForExtension('jpg')).toBe('image/jpeg');
    expect(mimeTypeForExtension('xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(mimeTypeForExtension('exe')).toBeNull();
  });
});

describe('decompression bombs', () => {
  const png = (width: number, height: number) => {
    const b = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(b);
    b.write('IHDR', 12, 'latin1');
    b.writeUInt32BE(width, 16);
    b.writeUInt32BE(height, 20);
    b[24] = 8;
    return b;
  };
  it('refuses a picture whose header claims more than 16,384 pixels a side or 200 megapixels, whatever the path', async () => {
    expect(await sniff(png(100_000, 100_000), 'image')).toEqual({ ok: false, reason: 'unsupported' });
    expect(await sniff(png(2 ** 31 - 1, 1), 'document')).toEqual({ ok: false, reason: 'unsupported' });
    expect(await sniff(png(16_384, 16_384), 'image')).toEqual({ ok: false, reason: 'unsupported' });
    expect(await sniff(png(0, 10), 'image')).toEqual({ ok: false, reason: 'unsupported' });
    expect(await sniff(png(8_000, 6_000), 'image')).toMatchObject({ ok: true, mime_type: 'image/png' });
    expect(await sniff(Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0x3b])]), 'image')).toEqual({
      ok: false,
      reason: 'unsupported',
    });
  });
});
