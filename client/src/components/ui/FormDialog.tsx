// A dialog that edits something through a react-hook-form form: the fields, then the form's own error and
// Save/Cancel. On a refused save the server's field errors go onto their fields (the first one focused) and
// its message above the buttons; the dialog stays open.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import type { ButtonProps } from './Button';
import { Dialog, DialogActions } from './Dialog';
import { FormError } from './Field';

export function FormDialog<TIn extends FieldValues, TOut>({
  form,
  title,
  onSave,
  onClose,
  children,
  submitLabel = <Trans>Save</Trans>,
  submitVariant,
  focusServerError = true,
  testId,
  submitTestId,
  className,
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  title: ReactNode;
  /** Saves the valid values; closes the dialog itself when it is done. Throws when the server refuses. */
  onSave: (values: TOut) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  submitLabel?: ReactNode;
  /** The submit button's look: 'danger' when saving refuses or undoes something (deny, reject). */
  submitVariant?: ButtonProps['variant'];
  focusServerError?: boolean;
  testId?: string;
  submitTestId?: string;
  className?: string;
}) {
  const { t } = useLingui();
  const { onSubmit, formError } = useFormSubmit(form, onSave, { focus: focusServerError });
  return (
    <Dialog open onClose={onClose} title={title} closeLabel={t`Close`} className={className}>
      <form className="form" noValidate onSubmit={onSubmit} data-testid={testId}>
        {children}
        <FormError>{formError}</FormError>
        <DialogActions variant={submitVariant} loading={form.formState.isSubmitting} onCancel={onClose} testId={submitTestId}>
          {submitLabel}
        </DialogActions>
      </form>
    </Dialog>
  );
}
