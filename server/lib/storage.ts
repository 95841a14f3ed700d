// File storage interface. Local disk under DATA_DIR by default (server/lib/storage-local.ts). Storage deals in
// keys only: the database keeps the key and responses derive the URL (server/lib/files.ts fileUrl).
import type { Readable } from 'node:stream';
import type { FileFolder } from './files';

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
  put(input: PutFileInput): Promise<StoredFile>;
  /** The file at a key, typed by its sniffed content; null when there is none. */
  get(key: string): Promise<{ body: Readable; mime_type: string; size_bytes: number } | null>;
  delete(key: string): Promise<void>;
}
