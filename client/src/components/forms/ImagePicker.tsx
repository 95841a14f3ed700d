// One picture (a user's picture, a company's logo): choose a file, see it, or remove the current one. The file
// travels as `{ name, body }` (a data-URL); files over 1 MB are refused here already (SPEC §9), and the server
// checks the bytes again before storing.
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '@shared/constants/limits';
import { Button } from '@/components/ui/Button';
import { fieldErrorText, getAppError } from '@/lib/errors';
import { readAsDataUrl } from '@/lib/files';
import { messageText } from '@/lib/messages';

/** A new picture, `null` to remove the current one, `undefined` to keep it. */
export type ImageChange = { name: string; body: string } | null | undefined;

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * The picture of a form that saves it with its other fields: the change to send (none when it did not change),
 * the picker's props, and the server's refusal of the picture (its `image` or `image.body` field) on the picker.
 */
export function useImageChange() {
  const { i18n } = useLingui();
  const [image, setImage] = useState<ImageChange>(undefined);
  const [error, setError] = useState<string | undefined>();
  return {
    /** Spread into the save's input. */
    payload: image !== undefined ? { image } : {},
    picker: {
      value: image,
      onChange: (change: ImageChange) => {
        setImage(change);
        setError(undefined);
      },
      error,
    },
    /** Before a save: the last refusal no longer stands. */
    clearError: () => setError(undefined),
    /** After a save: the picture sent is now the current one. */
    saved: () => setImage(undefined),
    refused: (err: unknown) => {
      const fields = getAppError(err).fields;
      const message = fields?.image ?? fields?.['image.body'];
      if (message) setError(fieldErrorText(i18n, { message }));
    },
  };
}

export function ImagePicker({
  label,
  currentUrl,
  value,
  onChange,
  placeholder,
  error,
  testId,
}: {
  label: ReactNode;
  currentUrl: string | null;
  value: ImageChange;
  onChange: (change: ImageChange) => void;
  /** Shown when there is no picture (initials, an icon). */
  placeholder: ReactNode;
  error?: string;
  testId?: string;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [ownError, setOwnError] = useState<string | null>(null);
  const shown = value ? value.body : value === null ? null : currentUrl;
  const mb = LIMITS.profileImageBytes / (1024 * 1024);

  const pick = async (file: File | undefined) => {
    setOwnError(null);
    if (!file) return;
    if (file.size > LIMITS.profileImageBytes) {
      setOwnError(messageText(i18n, { code: 'profile.imageTooLarge', params: { mb } }));
      return;
    }
    try {
      onChange({ name: file.name, body: await readAsDataUrl(file) });
    } catch {
      setOwnError(messageText(i18n, { code: 'profile.imageUnreadable' }));
    }
  };

  const message = ownError ?? error;
  return (
    <div className={['field', 'image-picker', message ? 'field--invalid' : ''].join(' ')} data-testid={testId}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="image-picker__row">
        <span className="image-picker__preview thumb">{shown ? <img src={shown} alt="" width={72} height={72} /> : placeholder}</span>
        <div className="image-picker__actions">
          <input
            ref={input}
            id={id}
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              void pick(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
          <Button size="sm" variant="secondary" onClick={() => input.current?.click()}>
            {shown ? <Trans>Choose another picture</Trans> : <Trans>Choose a picture</Trans>}
          </Button>
          {shown ? (
            <Button size="sm" variant="ghost" onClick={() => onChange(currentUrl ? null : undefined)}>
              <Trans>Remove picture</Trans>
            </Button>
          ) : null}
        </div>
      </div>
      <p className="field__hint" id={`${id}-hint`}>
        <Trans>JPEG, PNG, GIF or WebP, at most {mb} MB.</Trans>
      </p>
      {message ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
