// Native <dialog> opened with showModal(): focus is trapped, Escape closes, focus returns to the opener.
// An element marked `data-autofocus` gets the focus when the dialog opens. When the opener is gone after the
// dialog closes (a decided request leaves its list), focus goes to its neighbour, not the top (lib/focus.ts).
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { rememberFocus, restoreFocus } from '@/lib/focus';
import { Button, type ButtonProps } from './Button';
import { ChunkBoundary } from './ChunkBoundary';
import { Icon } from './Icon';

export function Dialog({
  open,
  onClose,
  title,
  children,
  closeLabel,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  closeLabel: string;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Several dialogs may be mounted at once (the mobile menu is one), so each title needs its own id.
  const titleId = useId();
  const opener = useRef<ReturnType<typeof rememberFocus>>(null);
  const giveBack = () => {
    const place = opener.current;
    opener.current = null;
    restoreFocus(place);
  };
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      opener.current = rememberFocus();
      el.showModal();
      // showModal focuses the first focusable element (the close button); a form names its first field instead.
      el.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && el.open) {
      el.close();
      giveBack();
    }
  }, [open]);
  // Dialogs are often unmounted rather than closed (`{x ? <Dialog open /> : null}`). Only a real removal gives
  // focus back (a development double-mount keeps the element in the page).
  useEffect(() => {
    const el = ref.current;
    return () => {
      if (!el?.isConnected) giveBack();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={['dialog', className ?? ''].join(' ')}
      aria-labelledby={titleId}
      onClose={() => {
        onClose();
        giveBack();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="dialog__inner">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-btn" aria-label={closeLabel} title={closeLabel} onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}

/**
 * The footer of a dialog, or of a form in a page, that asks for one decision: the action button, then Cancel.
 * `onConfirm` omitted means the action submits the surrounding form.
 */
export function DialogActions({
  children,
  onConfirm,
  onCancel,
  loading,
  disabled,
  variant = 'primary',
  size,
  testId,
}: {
  children: ReactNode;
  onConfirm?: () => void;
  onCancel: () => void;
  loading?: boolean;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  testId?: string;
}) {
  return (
    <div className="row-actions">
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={variant}
        size={size}
        onClick={onConfirm}
        loading={loading}
        disabled={disabled}
        data-testid={testId}
      >
        {children}
      </Button>
      <Button variant="ghost" size={size} onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
    </div>
  );
}

/**
 * A dialog whose form comes in its own chunk, loaded when the dialog opens. The form gets `onDone` (it saved: the
 * dialog closes and `onSaved` runs, a refetch say) and `onCancel` (the dialog closes).
 */
export function LazyFormDialog({
  open,
  onClose,
  onSaved,
  title,
  fallback,
  errorTitle,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => unknown;
  title: ReactNode;
  fallback?: ReactNode;
  errorTitle?: ReactNode;
  children: (form: { onDone: () => void; onCancel: () => void }) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t`Close`}>
      {open ? (
        <ChunkBoundary fallback={fallback} errorTitle={errorTitle}>
          {children({
            onDone: () => {
              onClose();
              void onSaved();
            },
            onCancel: onClose,
          })}
        </ChunkBoundary>
      ) : null}
    </Dialog>
  );
}
