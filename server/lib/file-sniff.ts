// What a file really is, from its bytes. The name and the client's Content-Type are never consulted:
// both are chosen by whoever uploads.
import { fileTypeFromBuffer } from 'file-type';
import type { FileKind } from './storage';

export type SniffResult = { ok: true; mime_type: string; ext: string } | { ok: false; reason: 'unsupported' };

interface Detected {
  mime_type: string;
  ext: string;
}

const JPEG = 'image/jpeg';
const PNG = 'image/png';
const GIF = 'image/gif';
const WEBP = 'image/webp';
const PDF = 'application/pdf';
const DOC = 'application/msword';
const XLS = 'application/vnd.ms-excel';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ALLOWED: Record<Exclude<FileKind, 'csv'>, ReadonlySet<string>> = {
  image: new Set([JPEG, PNG, GIF, WEBP]),
  document: new Set([JPEG, PNG, GIF, PDF, DOC, DOCX, XLS, XLSX]),
};

// One extension per type, so stored names do not depend on which variant file-type happened to report.
const EXTENSIONS: Record<string, string> = {
  [JPEG]: 'jpg',
  [PNG]: 'png',
  [GIF]: 'gif',
  [WEBP]: 'webp',
  [PDF]: 'pdf',
  [DOC]: 'doc',
  [XLS]: 'xls',
  [DOCX]: 'docx',
  [XLSX]: 'xlsx',
  'text/csv': 'csv',
};

/** The content type for a stored extension (the inverse of what sniff() names files). */
export function mimeTypeForExtension(ext: string): string | null {
  for (const [mime, known] of Object.entries(EXTENSIONS)) if (known === ext) return mime;
  return null;
}

export async function sniff(body: Buffer, kind: FileKind): Promise<SniffResult> {
  if (body.length === 0) return { ok: false, reason: 'unsupported' };
  const detected = kind === 'csv' ? detectText(body) : await detectBinary(body);
  if (!detected) return { ok: false, reason: 'unsupported' };
  if (kind !== 'csv' && !ALLOWED[kind].has(detected.mime_type)) return { ok: false, reason: 'unsupported' };
  // A picture whose header claims more pixels than any photo has is a decompression bomb for whoever decodes it
  // (a browser showing a listing, a chat); a header we cannot read is not a picture we can vouch for.
  if (detected.mime_type.startsWith('image/')) {
    const size = imageSize(body, detected.mime_type);
    if (!size || size.width < 1 || size.height < 1 || size.width > IMAGE_SIDE_MAX || size.height > IMAGE_SIDE_MAX)
      return { ok: false, reason: 'unsupported' };
    if (size.width * size.height > IMAGE_PIXELS_MAX) return { ok: false, reason: 'unsupported' };
  }
  return { ok: true, ...detected };
}

async function detectBinary(body: Buffer): Promise<Detected | null> {
  const found = await fileTypeFromBuffer(body);
  if (!found) return null;
  // Legacy Office files are all Compound File Binary containers; file-type stops at the container.
  const mime_type = found.mime === 'application/x-cfb' ? legacyOfficeType(body) : found.mime;
  if (!mime_type) return null;
  const ext = EXTENSIONS[mime_type];
  return ext ? { mime_type, ext } : { mime_type, ext: found.ext };
}

/**
 * Word and Excel 97-2003 files keep their content in a stream named "WordDocument" or "Workbook"
 * ("Book" before Excel 97); stream names are UTF-16LE in the container's directory. Other CFB files
 * (PowerPoint, MSI installers, Outlook messages) have neither and are refused.
 */
function legacyOfficeType(body: Buffer): string | null {
  if (body.includes(utf16('WordDocument\0'))) return DOC;
  if (body.includes(utf16('Workbook\0')) || body.includes(utf16('Book\0'))) return XLS;
  return null;
}

function utf16(text: string): Buffer {
  return Buffer.from(text, 'utf16le');
}

// file-type cannot recognise text, so CSV is accepted as "valid UTF-8 with no NUL byte": every binary
// format we know of fails one of the two, and the CSV parser decides whether the text is a usable table.
function detectText(body: Buffer): Detected | null {
  if (body.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return null;
  }
  return { mime_type: 'text/csv', ext: 'csv' };
}

/** Larger than any camera's photo (a 200-megapixel sensor is 16,320 x 12,240): 16,384 a side, 200 megapixels. */
export const IMAGE_SIDE_MAX = 16_384;
export const IMAGE_PIXELS_MAX = 200_000_000;

/** Width and height from the header of a PNG, GIF, WebP or JPEG; null when the header is not readable. */
export function imageSize(b: Buffer, mime: string): { width: number; height: number } | null {
  if (mime === PNG) return b.length >= 24 ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : null;
  if (mime === GIF) return b.length >= 10 ? { width: b.readUInt16LE(6), height: b.readUInt16LE(8) } : null;
  if (mime === WEBP) return webpSize(b);
  if (mime === JPEG) return jpegSize(b);
  return null;
}

function webpSize(b: Buffer): { width: number; height: number } | null {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

/** The first start-of-frame marker's size; the segments before it are skipped by their lengths. */
function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}
