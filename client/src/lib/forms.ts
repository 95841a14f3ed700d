// Server field errors onto react-hook-form forms: the one way every form shows what the server refused.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getAppError, type AppErrorInfo } from './errors';

/** One value of a server error's `fields` map, as getAppError reads it. */
export type ServerFieldValue = NonNullable<AppErrorInfo['fields']>[string];

/**
 * The message a form keeps for one server field error. fieldErrorText reads it back into the active
 * language, as it does for the shared schema's own messages. The one place that knows the value's shape.
 */
export function serverFieldMessage(value: ServerFieldValue): string {
  return value;
}

/**
 * Puts each field error of a failed call (`error.data.fields`) on its field, with type 'server'. With
 * `shouldFocus`, focus moves to the first such field. Returns the field names it set (none for an error
 * without field errors). The form-level message stays with the caller: it depends on the call.
 */
export function applyServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  options: { shouldFocus?: boolean } = {},
): string[] {
  const { fields } = getAppError(error);
  const names = Object.keys(fields ?? {});
  names.forEach((name, i) => {
    form.setError(
      name as Path<T>,
      { type: 'server', message: serverFieldMessage(fields![name]!) },
      { shouldFocus: options.shouldFocus === true && i === 0 },
    );
  });
  return names;
}
