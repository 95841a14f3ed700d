// One picture per owner (a user's picture, a company's logo): stored after a magic-byte check, at most 1 MB
// (SPEC §5 "Profile image note says 1 MB"). The name and the data-URL's declared type are never trusted.
import { LIMITS } from '../../shared/constants/limits';
import type { Deps } from '../deps';
import { AppError } from './errors';
import type { FileFolder } from './files';

export interface ImageUpload {
  name: string;
  /** A base64 data-URL. */
  body: string;
}

/** Stores the picture; a refused file is a field error on `field` (too large, or not an image by its bytes). */
export async function storeProfileImage(deps: Deps, folder: FileFolder, image: ImageUpload, field = 'image') {
  const body = Buffer.from(image.body.slice(image.body.indexOf(',') + 1), 'base64');
  try {
    return await deps.storage.put({ folder, name: image.name, body, kind: 'image', maxBytes: LIMITS.profileImageBytes });
  } catch (err) {
    if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', {
        fields: { [field]: { code: 'profile.imageTooLarge', params: { mb: LIMITS.profileImageBytes / (1024 * 1024) } } },
      });
    }
    if (err instanceof AppError && err.code === 'UNSUPPORTED_MEDIA_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', { fields: { [field]: { code: 'profile.imageUnreadable' } } });
    }
    throw err;
  }
}

/** Deletes files no longer referenced; a failure is logged, never the caller's error (the change has committed). */
export async function removeStoredFiles(deps: Deps, keys: (string | null | undefined)[]) {
  for (const key of keys) {
    if (!key) continue;
    await deps.storage.delete(key).catch((err: unknown) => deps.logger.warn({ err, key }, 'could not delete a replaced picture'));
  }
}
