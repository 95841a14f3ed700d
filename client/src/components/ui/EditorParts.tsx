// The parts the listing and donation editors have in common: the counted title and description, the photos, the
// frame with its Cancel / submit row, and where the editor opens above its list.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import {
  get,
  useWatch,
  type Control,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { PhotosField, type Photo } from '@/components/listing/PhotosField';
import type { EditorForm } from '@/hooks/useEditorForm';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Counter } from '@/components/ui/Counter';
import { FormError, TextArea, TextField } from '@/components/ui/Field';
import { QueryView, type QueryLike } from '@/components/ui/QueryView';
import { LIMITS } from '@shared/constants/limits';

type Message = { message?: string } | undefined;

/** A counted field: its registration, the form it belongs to (whose value it counts) and its error. */
type CountedProps<T extends FieldValues> = { control: Control<T>; field: UseFormRegisterReturn<Path<T>>; error?: string };

/** The counter of a field's text against its limit, as it is typed. */
function useCounter<T extends FieldValues>({ control, field }: CountedProps<T>, max: number): ReactNode {
  const value: unknown = useWatch({ control, name: field.name });
  return <Counter length={typeof value === 'string' ? value.length : 0} max={max} />;
}

/** The title input, with its counter against the schema's limit (a little over it may be typed, to see the error). */
export function TitleField<T extends FieldValues>(props: CountedProps<T>) {
  const { t } = useLingui();
  const hint = useCounter(props, LIMITS.titleMax);
  return <TextField label={t`Title`} required maxLength={LIMITS.titleMax + 10} hint={hint} error={props.error} {...props.field} />;
}

/** The description text area, with its counter against the schema's limit. */
export function DescriptionField<T extends FieldValues>({ rows, ...props }: CountedProps<T> & { rows: number }) {
  const { t } = useLingui();
  const hint = useCounter(props, LIMITS.descriptionMax);
  return <TextArea label={t`Description`} required rows={rows} hint={hint} error={props.error} {...props.field} />;
}

/**
 * The editor's photos, its form's `images`. Their error is the list's own (too many) or else the first photo's (too
 * large, wrong type), in the editor's words.
 */
export function EditorPhotos<T extends FieldValues, Out>({
  form,
  idPrefix,
  err,
}: {
  form: UseFormReturn<T, unknown, Out>;
  idPrefix: string;
  err: (e: Message) => string | undefined;
}) {
  const name = 'images' as Path<T>;
  const photos = (useWatch({ control: form.control, name }) ?? []) as Photo[];
  const errors: unknown = get(form.formState.errors, name);
  return (
    <PhotosField
      idPrefix={idPrefix}
      photos={photos}
      onChange={(next) => form.setValue(name, next as PathValue<T, Path<T>>, { shouldDirty: true })}
      error={err(errors as Message) ?? err((errors as { body?: Message }[] | undefined)?.find(Boolean)?.body)}
    />
  );
}

/**
 * Where the editor opens above its list: empty for a new record, or once the record to edit has loaded (keyed by
 * when it loaded, so a fresh copy starts a fresh form).
 */
export function EditorSlot<T>({
  creating,
  editId,
  editing,
  errorTitle,
  children,
}: {
  creating: boolean;
  editId: number | null;
  editing: QueryLike<T> & { dataUpdatedAt: number };
  errorTitle: ReactNode;
  children: (detail: T | null, key: string) => ReactNode;
}) {
  return (
    <>
      {creating ? children(null, 'create') : null}
      {editId ? (
        <QueryView query={editing} errorTitle={errorTitle}>
          {(detail) => children(detail, `edit-${editId}-${editing.dataUpdatedAt}`)}
        </QueryView>
      ) : null}
    </>
  );
}

/**
 * An editor's frame: the card it opens in (scrolled to by useEditorForm), its form with what failed above the fields,
 * and at its foot Cancel (which also empties the form) and the submit button.
 */
export function EditorCard({
  root,
  onSubmit,
  formError,
  cancel,
  className,
  title,
  testId,
  mode,
  intro,
  busy,
  submitLabel,
  children,
}: EditorForm & {
  className: string;
  title: ReactNode;
  testId: string;
  mode: 'CREATE' | 'EDIT';
  /** Above the form's message: what the reader should know before filling it in. */
  intro?: ReactNode;
  busy: boolean;
  submitLabel: ReactNode;
  children: ReactNode;
}) {
  return (
    <div ref={root} className="editor-anchor">
      <Card className={className} title={title} data-testid={testId} data-mode={mode}>
        <form className="form" noValidate onSubmit={onSubmit}>
          {intro}
          <FormError>{formError}</FormError>
          {children}
          <div className="form__actions">
            <Button variant="ghost" onClick={cancel}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
