// The photos of a listing or a donation (SPEC §3, §5, §9: up to 3, each at most 2 MB): existing ones kept by URL,
// new ones read as data-URLs for the shared schema's `images`. The server checks the bytes again (file-sniff).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { fieldErrorText } from '@/lib/errors';
import { LIMITS } from '@shared/constants/limits';
import { MATERIAL_MESSAGES } from '@shared/schemas/materials';
import './listing.css';

export type Photo = { url: string } | { name: string; body: string };

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

export function PhotosField({
  idPrefix,
  photos,
  onChange,
  error,
}: {
  idPrefix: string;
  photos: Photo[];
  onChange: (next: Photo[]) => void;
  error?: string;
}) {
  const { t, i18n } = useLingui();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = `${idPrefix}-photos`;
  const hintId = `${idPrefix}-photos-hint`;

  const addPhotos = async (files: FileList | null) => {
    setPhotoError(null);
    if (!files?.length) return;
    const room = LIMITS.listingPhotosMax - photos.length;
    const picked = [...files];
    if (picked.length > room) setPhotoError(i18n._(msg`You can add up to 3 photos`));
    const added: Photo[] = [];
    for (const file of picked.slice(0, Math.max(room, 0))) {
      if (file.size > LIMITS.listingPhotoBytes) {
        setPhotoError(`${file.name}: ${fieldErrorText(i18n, { message: MATERIAL_MESSAGES.photoTooLarge })}`);
        continue;
      }
      if (!file.type.startsWith('image/')) {
        setPhotoError(`${file.name}: ${i18n._(msg`This file type is not supported.`)}`);
        continue;
      }
      added.push({ name: file.name, body: await readAsDataUrl(file) });
    }
    onChange([...photos, ...added]);
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <fieldset className="fieldset">
      <legend>
        <Trans>Photos</Trans>
      </legend>
      <p className="field__hint" id={hintId}>
        <Trans>Up to 3 photos, each at most 2 MB.</Trans>
      </p>
      <ul className="photo-list list-row">
        {photos.map((im, i) => {
          const src = 'url' in im ? im.url : im.body;
          const n = i + 1;
          return (
            <li key={src.slice(0, 64) + i} className="photo-item">
              <img src={src} alt={t`Photo ${n}`} />
              <Button size="sm" variant="secondary" onClick={() => onChange(photos.filter((_, k) => k !== i))}>
                {t`Remove photo ${n}`}
              </Button>
            </li>
          );
        })}
      </ul>
      {photos.length < LIMITS.listingPhotosMax ? (
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            <Trans>Add photos</Trans>
          </label>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            aria-describedby={hintId}
            onChange={(e) => void addPhotos(e.target.files)}
          />
        </div>
      ) : null}
      {photoError || error ? (
        <p className="field__error" role="alert">
          {photoError ?? error}
        </p>
      ) : null}
    </fieldset>
  );
}
