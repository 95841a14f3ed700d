// Which stored files anyone may read and which only after their module checks the reader
// (docs/decisions/0009, 0045). Storage keeps keys; a URL is derived here when a response is built.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Actor } from './actor';

/** Every storage folder and who may read it. A folder missing here can be neither written nor served. */
export const FILE_FOLDERS = {
  /** Listing photos. */
  materials: 'public',
  /** Company logos. */
  logos: 'public',
  /** User pictures. */
  avatars: 'public',
  /** Chat attachments: the chat's two companies (server/modules/chat/files.ts). */
  chat: 'private',
  /** Trip documents: the trip's driver and the companies of its synergy (server/modules/drivers/files.ts). */
  trips: 'private',
  // The next two have no reader check yet, so only administrators can read them; the donations and
  // materials modules register theirs when they start storing files there.
  /** Donation documents. */
  donations: 'private',
  /** CSV uploads: the uploading company (uploads are parsed, not stored, today). */
  csv: 'private',
} as const satisfies Record<string, 'public' | 'private'>;

export type FileFolder = keyof typeof FILE_FOLDERS;
export type PrivateFolder = { [F in FileFolder]: (typeof FILE_FOLDERS)[F] extends 'private' ? F : never }[FileFolder];

export const FILES_PATH = '/files';

// `<folder>/<yyyy>/<mm>/<uuid>.<ext>`: chosen by storage, never by the uploader, so a key cannot name a path.
const KEY_PATTERN = /^([a-z]+)\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;

export function isFileFolder(folder: string): folder is FileFolder {
  return Object.hasOwn(FILE_FOLDERS, folder);
}

export function isPrivateFolder(folder: FileFolder): folder is PrivateFolder {
  return FILE_FOLDERS[folder] === 'private';
}

/** A fresh key for a file of the given (sniffed) extension. */
export function newFileKey(folder: FileFolder, ext: string, now = new Date()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${folder}/${yyyy}/${mm}/${randomUUID()}.${ext}`;
}

/** The folder of a well-formed key in a known folder; null for anything else (traversal, dot files, encodings). */
export function folderOfKey(key: string): FileFolder | null {
  const folder = KEY_PATTERN.exec(key)?.[1];
  return folder !== undefined && isFileFolder(folder) ? folder : null;
}

/** The URL a response carries for a stored file; private files answer there too, after their check. */
export function fileUrl(key: string): string;
export function fileUrl(key: string | null): string | null;
export function fileUrl(key: string | null): string | null {
  return key === null ? null : `${FILES_PATH}/${key}`;
}

/** The record behind a private file: the name it downloads as, plus whatever `canRead` needs. */
export interface PrivateFileRecord {
  name: string;
}

export interface PrivateFileRule<F extends PrivateFileRecord> {
  /** The record that holds the key, or null when none does. */
  find(key: string): Promise<F | null>;
  /** Whether a reader who is not an administrator may read the file. */
  canRead(actor: Actor, file: F): boolean | Promise<boolean>;
}

export interface FileGrant {
  key: string;
  visibility: 'public' | 'private';
  /** The name to offer when saving the file. */
  name: string;
}

const isAdmin = (actor: Actor) => actor.kind === 'user' && actor.role === 'ADMIN';

/**
 * Reader checks per private folder, registered by the module that owns the folder's records. A private
 * folder with no rule is readable by administrators only.
 */
export class FileAccess {
  readonly #rules = new Map<PrivateFolder, PrivateFileRule<PrivateFileRecord>>();

  register<F extends PrivateFileRecord>(folder: PrivateFolder, rule: PrivateFileRule<F>): void {
    if (this.#rules.has(folder)) throw new Error(`a reader check for the ${folder} folder is already registered`);
    this.#rules.set(folder, rule);
  }

  /** What this reader may fetch at a key; null for every refusal, so a refusal reads like a missing file. */
  async grant(actor: Actor, key: string): Promise<FileGrant | null> {
    const folder = folderOfKey(key);
    if (!folder) return null;
    const fallbackName = path.posix.basename(key);
    if (!isPrivateFolder(folder)) return { key, visibility: 'public', name: fallbackName };
    const rule = this.#rules.get(folder);
    // Administrators read every private file (the route is read-only), with or without a rule.
    if (isAdmin(actor)) {
      const file = rule ? await rule.find(key) : null;
      return { key, visibility: 'private', name: file?.name ?? fallbackName };
    }
    if (!rule || actor.kind === 'anonymous') return null;
    const file = await rule.find(key);
    if (!file || !(await rule.canRead(actor, file))) return null;
    return { key, visibility: 'private', name: file.name };
  }
}
