// One picture per owner (a user's picture, a company's logo): stored after a magic-byte check, at most 1 MB
// (SPEC §5 "Profile image note says 1 MB"). The name and the data-URL's declared type are never trusted.
import { LIMITS } from '../../shared/constants/limits';
import type { Deps } from '../deps';
import { AppError } from './errors';
import type { FileFolder } from './files';
import { dataUrlBytes, type DataUrlFile } from './uploads';

/** Stores the picture; a refused file is a field error on `field` (too large, or not an image by its bytes). */
export async function storeProfileImage(deps: Deps, folder: FileFolder, image: DataUrlFile, field = 'image') {
  try {
    return await deps.storage.put({ folder, name: image.name, body: dataUrlBytes(image.body), kind: 'image', maxBytes: LIMITS.profileImageBytes });
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
