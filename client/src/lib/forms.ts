// Server field errors onto react-hook-form forms: the one way every form shows what the server refused.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ZodType, z } from 'zod';
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

/** A record's optional texts as a form's fields hold them: a missing one is an empty field. */
export function textFields<T extends object, K extends keyof T>(row: T, keys: readonly K[]): { [P in K]: NonNullable<T[P]> | '' } {
  return Object.fromEntries(keys.map((k) => [k, row[k] ?? ''])) as { [P in K]: NonNullable<T[P]> | '' };
}

/** A shared schema's verdict: the parsed values, or each field's first error as a message code. */
export type SchemaResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/**
 * A shared zod schema downloaded on first use, for the forms of the first load (the footer's newsletter box,
 * the login form; decision 0137): zod and react-hook-form would add about 38 KB gzip to every page. The rules
 * are the shared schema's, the errors its message codes (fieldErrorText renders them). A failed download is
 * retried on the next validation.
 */
export function lazySchema<S extends ZodType>(load: () => Promise<S>) {
  let pending: Promise<S> | null = null;
  const get = () =>
    (pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    }));
  return {
    /** Fetches the schema ahead of the first validation (once the form has rendered); never rejects. */
    preload(): void {
      get().catch(() => undefined);
    },
    async validate(values: unknown): Promise<SchemaResult<z.output<S>>> {
      const result = (await get()).safeParse(values);
      if (result.success) return { ok: true, data: result.data };
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
      return { ok: false, errors };
    },
  };
}
