// A form control's props from react-hook-form: its registration and its error in the reader's language, so every
// field of every form shows the shared schema's (or the server's) message the same way.
import { useLingui } from '@lingui/react/macro';
import {
  get,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { fieldErrorText } from '@/lib/errors';

/** What `field(name)` gives a control: spread it onto a TextField, TextArea or SelectField. */
export type FieldProps = UseFormRegisterReturn & { error: string | undefined };

/** A field's error by its name, nested ones too (`addresses.1.city`), for a control that takes it apart. */
export function useFieldError<In extends FieldValues>(form: { formState: { errors: FieldErrors<In> } }) {
  const { i18n } = useLingui();
  // Read while rendering, so the form re-renders this component when the errors change.
  const { errors } = form.formState;
  return (name: Path<In>): string | undefined => fieldErrorText(i18n, get(errors, name) as { message?: string; type?: string } | undefined);
}

export function useFieldProps<In extends FieldValues, Out>(form: UseFormReturn<In, unknown, Out>) {
  const error = useFieldError(form);
  return <N extends Path<In>>(name: N, options?: RegisterOptions<In, N>): FieldProps => ({
    error: error(name),
    ...form.register(name, options),
  });
}
