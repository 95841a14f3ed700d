// Local-disk storage under DATA_DIR/uploads. Keys are generated here and never contain the uploader's
// file name, so a name cannot choose a path, collide with another upload or smuggle an extension.
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from './errors';
import { isFileFolder, newFileKey } from './files';
import { mimeTypeForExtension, sniff } from './file-sniff';
import type { PutFileInput, Storage, StoredFile } from './storage';

const NAME_MAX_CHARS = 200;
// Characters Windows refuses in file names; people download these names onto their own machines.
const RESERVED_NAME_CHARS = '<>:"|?*';

export function createLocalStorage(opts: { root: string }): Storage {
  const root = path.resolve(opts.root);
  const rootWithSep = root.endsWith(path.sep) ? root : root + path.sep;

  /** The absolute path of a key, or null when the key could reach outside root or name a temp file. */
  const pathOf = (key: string): string | null => {
    if (!key || key.includes('\0') || key.includes('\\')) return null;
    if (key.split('/').some((segment) => segment.startsWith('.'))) return null;
    const full = path.resolve(root, key);
    return full.startsWith(rootWithSep) ? full : null;
  };

  return {
    async put(input: PutFileInput): Promise<StoredFile> {
      // The type says so already; this guards callers that build the folder at run time.
      if (!isFileFolder(input.folder)) throw new TypeError(`unknown storage folder: ${input.folder}`);
      if (input.body.length > input.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
      const sniffed = await sniff(input.body, input.kind);
      if (!sniffed.ok) throw new AppError('UNSUPPORTED_MEDIA_TYPE');

      const key = newFileKey(input.folder, sniffed.ext);
      const target = path.join(root, key);
      const dir = path.dirname(target);
      await mkdir(dir, { recursive: true });
      // Readers see either nothing or the whole file: write beside it, then rename (atomic on one filesystem).
      const temp = path.join(dir, `.${randomUUID()}.tmp`);
      try {
        await writeFile(temp, input.body, { flag: 'wx' });
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return {
        key,
        name: sanitiseFileName(input.name, sniffed.ext),
        mime_type: sniffed.mime_type,
        size_bytes: input.body.length,
      };
    },

    async get(key) {
      const full = pathOf(key);
      if (!full) return null;
      let handle;
      try {
        handle = await open(full, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      // Stat the open handle, not the path, so a concurrent delete cannot make size and body disagree.
      const info = await handle.stat().catch(async (err: unknown) => {
        await handle.close();
        throw err;
      });
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      // put() named the file by its sniffed type, so the extension is the content's type, not the uploader's.
      return {
        body: handle.createReadStream(),
        mime_type: mimeTypeForExtension(path.extname(full).slice(1)) ?? 'application/octet-stream',
        size_bytes: info.size,
      };
    },

    async delete(key) {
      const full = pathOf(key);
      if (!full) return;
      try {
        await unlink(full);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
  };
}

/**
 * The name shown to people (download name, attachment label): the last path segment, without control
 * or path characters, bounded in length. It is never used on disk.
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

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
