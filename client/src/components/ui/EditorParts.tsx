// The parts the listing and donation editors have in common: the counted title and description, the photos'
// error and the Cancel / submit row.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Counter } from '@/components/ui/Counter';
import { TextArea, TextField } from '@/components/ui/Field';
import { LIMITS } from '@shared/constants/limits';

type Message = { message?: string } | undefined;

/** The title input, with its counter against the schema's limit (a little over it may be typed, to see the error). */
export function TitleField({ length, error, field }: { length: number; error?: string; field: UseFormRegisterReturn }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Title`}
      required
      maxLength={LIMITS.titleMax + 10}
      hint={<Counter length={length} max={LIMITS.titleMax} />}
      error={error}
      {...field}
    />
  );
}

/** The description text area, with its counter against the schema's limit. */
export function DescriptionField({ length, rows, error, field }: { length: number; rows: number; error?: string; field: UseFormRegisterReturn }) {
  const { t } = useLingui();
  return (
    <TextArea label={t`Description`} required rows={rows} hint={<Counter length={length} max={LIMITS.descriptionMax} />} error={error} {...field} />
  );
}

/** The photos' error: the list's own (too many) or else the first photo's (too large, wrong type). */
export function photosError(err: (e: Message) => string | undefined, errors: unknown): string | undefined {
  return err(errors as Message) ?? err((errors as unknown as { body?: Message }[] | undefined)?.find(Boolean)?.body);
}

/** Cancel (which also empties the form) and the submit button, at the foot of an editor. */
export function EditorActions({ busy, onCancel, children }: { busy: boolean; onCancel: () => void; children: ReactNode }) {
  return (
    <div className="form__actions">
      <Button variant="ghost" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" loading={busy}>
        {children}
      </Button>
    </div>
  );
}
