// Server field errors onto react-hook-form forms: the one way every form shows what the server refused.
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { ZodType } from 'zod';
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

/**
 * A react-hook-form resolver validating with a shared zod schema that is downloaded on the first validation
 * (a submit), not with the page: zod and the schemas stay out of the first load of pages that are mostly a
 * form (login; issue 17 budgets). Errors are the same as with `zodResolver(schema)`; a failed download is
 * retried on the next submit.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType>): Resolver<T> & { preload: () => void } {
  let pending: Promise<Resolver<T>> | null = null;
  const load = () =>
    (pending ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
    ));
  const resolver: Resolver<T> = async (values, context, options) => {
    try {
      return await (
        await load()
      )(values, context, options);
    } catch (err) {
      pending = null;
      throw err;
    }
  };
  /** Fetches the schema ahead of the first submit (once the form has rendered); never rejects. */
  const preload = () => {
    load().catch(() => (pending = null));
  };
  return Object.assign(resolver, { preload });
}
