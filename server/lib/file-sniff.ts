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
