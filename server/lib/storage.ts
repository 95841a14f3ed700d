// File storage interface. Local disk under DATA_DIR by default (storage-local.ts), or an S3-compatible bucket
// (storage-s3.ts, STORAGE_DRIVER=s3). Storage deals in keys only: the database keeps the key and responses
// derive the URL (server/lib/files.ts fileUrl). The rules every backend shares live here once: known folders,
// size limit, content sniffed from the bytes, keys chosen by storage, cleaned display names. A backend only
// moves bytes (ObjectStore).
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from './errors';
import { folderOfKey, isFileFolder, newFileKey, type FileFolder } from './files';
import { mimeTypeForExtension, sniff } from './file-sniff';

export type FileKind = 'image' | 'document' | 'csv';

export interface StoredFile {
  key: string;
  /** The uploader's name, cleaned for showing and downloading; never part of the key. */
  name: string;
  /** Sniffed from the bytes. */
  mime_type: string;
  size_bytes: number;
}

export interface PutFileInput {
  /** Decides who may read the file (server/lib/files.ts FILE_FOLDERS). */
  folder: FileFolder;
  name: string;
  body: Buffer;
  /** What content is acceptable; checked against the bytes, never the name. */
  kind: FileKind;
  maxBytes: number;
}

export interface Storage {
  /** Which backend holds the files (logs, metrics). */
  readonly driver: 'local' | 's3';
  put(input: PutFileInput): Promise<StoredFile>;
  /** The file at a key, typed by its sniffed content; null when there is none. */
  get(key: string): Promise<{ body: Readable; mime_type: string; size_bytes: number } | null>;
  delete(key: string): Promise<void>;
  /** Start-up check that the backend is reachable and writable (bucket exists, directory can be created). */
  check(): Promise<void>;
}

/** What a backend does: store, read and remove bytes under a key that the shared layer has already vetted. */
export interface ObjectStore {
  readonly driver: Storage['driver'];
  /** Readers see either nothing or the whole object. */
  write(key: string, body: Buffer, mimeType: string): Promise<void>;
  read(key: string): Promise<{ body: Readable; size_bytes: number } | null>;
  /** Removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  check(): Promise<void>;
}

export function createStorage(objects: ObjectStore): Storage {
  return {
    driver: objects.driver,

    async put(input) {
      // The type says so already; this guards callers that build the folder at run time.
      if (!isFileFolder(input.folder)) throw new TypeError(`unknown storage folder: ${input.folder}`);
      if (input.body.length > input.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
      const sniffed = await sniff(input.body, input.kind);
      if (!sniffed.ok) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const key = newFileKey(input.folder, sniffed.ext);
      await objects.write(key, input.body, sniffed.mime_type);
      return { key, name: sanitiseFileName(input.name, sniffed.ext), mime_type: sniffed.mime_type, size_bytes: input.body.length };
    },

    async get(key) {
      // Only keys storage itself could have made are looked up: nothing else reaches a backend.
      if (!folderOfKey(key)) return null;
      const found = await objects.read(key);
      if (!found) return null;
      // put() named the file by its sniffed type, so the extension is the content's type, not the uploader's.
      return { ...found, mime_type: mimeTypeForExtension(path.posix.extname(key).slice(1)) ?? 'application/octet-stream' };
    },

    async delete(key) {
      if (!folderOfKey(key)) return;
      await objects.remove(key);
    },

    check: () => objects.check(),
  };
}

const NAME_MAX_CHARS = 200;
// Characters Windows refuses in file names; people download these names onto their own machines.
const RESERVED_NAME_CHARS = '<>:"|?*';

/**
 * The name shown to people (download name, attachment label): the last path segment, without control
 * or path characters, bounded in length. It is never used as a key.
 */
export function sanitiseFileName(name: string, fallbackExt: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = [...base.normalize('NFC')]
    .filter((ch) => !isControl(ch) && !RESERVED_NAME_CHARS.includes(ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!cleaned) return `file.${fallbackExt}`;
  // Count code points, so truncation never splits a surrogate pair.
  const chars = [...cleaned];
  if (chars.length <= NAME_MAX_CHARS) return cleaned;
  const ext = [...path.extname(cleaned)].slice(0, 16).join('');
  return chars.slice(0, NAME_MAX_CHARS - ext.length).join('') + ext;
}

function isControl(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}
