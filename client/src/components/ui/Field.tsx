// Form controls with visible labels, hint and error text wired through aria-describedby.
import { useId, type ComponentPropsWithRef, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  children: ReactNode;
  className?: string;
}

function FieldShell({ id, label, hint, error, required, children, className }: FieldShellProps) {
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, hint?: ReactNode, error?: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

type Common = { label: ReactNode; hint?: ReactNode; error?: string; className?: string; id?: string; required?: boolean };

/**
 * Splits a field's props into its shell's (label, hint, error) and its control's: the id (given or generated), the
 * aria wiring to the hint and error, and the rest of the element's attributes, which may override that wiring.
 * `required` shows the asterisk and sets aria-required; the native attribute stays off, so the form's own
 * validation (the SPEC messages) speaks, not the browser's.
 */
function useField<R extends object>({ label, hint, error, className, id: givenId, required, ...rest }: Common & R) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return {
    shell: { id, label, hint, error, required, className },
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-required': required || undefined,
      'aria-describedby': describedBy(id, hint, error),
      ...rest,
    },
  };
}

/** A labelled control: the shell around the one element `render` draws from the control's props. */
function labelled<P extends object>(render: (control: P) => ReactNode) {
  return function LabelledControl(props: Common & P) {
    const { shell, control } = useField<P>(props);
    return <FieldShell {...shell}>{render(control as P)}</FieldShell>;
  };
}

export const TextField = labelled((control: ComponentPropsWithRef<'input'>) => <input className="input" {...control} />);

export const TextArea = labelled((control: ComponentPropsWithRef<'textarea'>) => <textarea className="input input--area" {...control} />);

export const SelectField = labelled((control: ComponentPropsWithRef<'select'>) => <select className="input select" {...control} />);

export function Checkbox({
  label,
  className,
  id: givenId,
  ref,
  ...rest
}: { label: ReactNode; className?: string } & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <div className={['checkbox', className ?? ''].join(' ')}>
      <input ref={ref} id={id} type="checkbox" {...rest} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A form-level error (e.g. wrong credentials), announced to screen readers. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div className="form-error" role="alert">
      {children}
    </div>
  );
}
