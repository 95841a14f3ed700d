// The one dialog whose button runs one action: asking before one that is hard to take back (delete, remove, withdraw,
// revoke, cancel), or taking a few choices first (approve with a plan, a role, days to add). The action may throw: its
// error is shown above the buttons and the dialog stays open, so the user can retry or cancel. An action that shows
// its own errors (a snackbar) simply does not throw.
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { errorText } from '@/lib/errors';
import { type ButtonProps } from './Button';
import { Dialog, DialogActions } from './Dialog';
import { FormError } from './Field';

export function ConfirmDialog({
  open = true,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  loading,
  variant = 'danger',
  testId,
  formTestId,
  disabled,
  errorMessage,
}: {
  open?: boolean;
  title: ReactNode;
  /** What the action does, in a sentence or two. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => unknown;
  onClose: () => void;
  /** Busy from outside (a mutation shared with other buttons); the dialog is busy anyway while its action runs. */
  loading?: boolean;
  variant?: ButtonProps['variant'];
  testId?: string;
  /** The test id of the dialog's body. */
  formTestId?: string;
  /** The button is off (the choices are not valid yet). */
  disabled?: boolean;
  /** The text for a failed action, when the error's own message is not the whole story. */
  errorMessage?: (err: unknown) => string;
}) {
  const { i18n, t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    setBusy(true);
    try {
      await onConfirm();
    } catch (err) {
      setError(errorMessage ? errorMessage(err) : errorText(i18n, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t`Close`}>
      <div className="form" data-testid={formTestId}>
        {typeof children === 'string' ? <p>{children}</p> : children}
        <FormError>{error}</FormError>
        <DialogActions
          variant={variant}
          onConfirm={() => void run()}
          loading={busy || loading}
          disabled={disabled}
          testId={testId}
          onCancel={onClose}
        >
          {confirmLabel}
        </DialogActions>
      </div>
    </Dialog>
  );
}
