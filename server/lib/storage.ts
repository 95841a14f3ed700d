// File storage interface. Local disk under DATA_DIR by default (server/lib/storage-local.ts).
export type FileKind = 'image' | 'document' | 'csv';

export interface StoredFile {
  key: string;
  url: string;
  name: string;
  mime_type: string;
  size_bytes: number;
}

export interface PutFileInput {
  /** Logical folder, e.g. "materials", "avatars", "chat", "trips". */
  folder: string;
  name: string;
  body: Buffer;
  /** What content is acceptable; checked against the bytes, never the name. */
  kind: FileKind;
  maxBytes: number;
}

export interface Storage {
  put(input: PutFileInput): Promise<StoredFile>;
  get(key: string): Promise<{ body: NodeJS.ReadableStream; mime_type: string; size_bytes: number } | null>;
  delete(key: string): Promise<void>;
}
