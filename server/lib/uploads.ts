// Files as the forms send them (a name and a base64 data-URL), stored through deps.storage, which checks the bytes and
// the size. The listing photos, chat attachments, trip documents and profile pictures all arrive this way.
import type { Deps } from '../deps';
import { AppError } from './errors';
import type { PutFileInput, StoredFile } from './storage';

export interface DataUrlFile {
  name: string;
  /** A base64 data-URL; its declared type is never trusted (storage sniffs the bytes). */
  body: string;
}

export function dataUrlBytes(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/**
 * Stores the files in order, all or none: when one is refused or fails, the ones stored before it are removed and the
 * error goes on. `refused(err, i)` turns storage's refusal of file i (wrong kind, too large) into the error the caller
 * shows on that file's field; it returns undefined to let the error go on as it is.
 */
export async function storeAllOrNone(
  deps: Deps,
  files: readonly DataUrlFile[],
  put: Omit<PutFileInput, 'name' | 'body'>,
  refused: (err: AppError, i: number) => AppError | undefined,
): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const [i, file] of files.entries()) {
      try {
        stored.push(await deps.storage.put({ ...put, name: file.name, body: dataUrlBytes(file.body) }));
      } catch (err) {
        throw (err instanceof AppError && refused(err, i)) || err;
      }
    }
  } catch (err) {
    await removeStoredFiles(
      deps,
      stored.map((f) => f.key),
    );
    throw err;
  }
  return stored;
}

/** Deletes files no longer referenced; a failure is logged, never the caller's error (the change has committed). */
export async function removeStoredFiles(deps: Deps, keys: (string | null | undefined)[]) {
  for (const key of keys) {
    if (!key) continue;
    await deps.storage.delete(key).catch((err: unknown) => deps.logger.warn({ err, key }, 'could not delete a stored file'));
  }
}
