// The submit of a form that saves through the server: on a refused save the server's field errors go onto their
// fields (the first one focused) and its message above the buttons, after what failed when the form names it. Every
// form that saves this way uses it, so a refusal reads the same everywhere.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { errorText } from '@/lib/errors';
import { applyServerErrors } from '@/lib/forms';
import { showSnackbar } from '@/lib/snackbar';

export function useFormSubmit<In extends FieldValues, Out>(
  form: UseFormReturn<In, unknown, Out>,
  /** Saves the valid values, and says so or closes; throws when the server refuses. */
  save: (values: Out) => Promise<unknown>,
  opts: {
    /** What failed, before the server's message ("Could not rate synergy: …"). */
    failed?: MessageDescriptor;
    /** Also says what failed in a snackbar (for a form the reader may have scrolled away from). */
    snackbar?: boolean;
    /** Focuses the first field the server refused (default true). */
    focus?: boolean;
    /** Runs after each save, whether it worked or was refused (a refusal may mean the record changed meanwhile). */
    settled?: () => Promise<unknown>;
  } = {},
) {
  const { i18n } = useLingui();
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save(values);
    } catch (err) {
      applyServerErrors(form, err, { shouldFocus: opts.focus ?? true });
      const text = errorText(i18n, err);
      setFormError(opts.failed ? `${i18n._(opts.failed)}: ${text}` : text);
      if (opts.failed && opts.snackbar) showSnackbar(opts.failed, { tone: 'error' });
    }
    await opts.settled?.();
  });
  return { onSubmit, formError, setFormError };
}
