// A create-or-edit editor that opens above its list (the listing and the donation editors): it comes into view at its
// first field, and its submit saves, says so, refetches the list, empties itself and closes. A failed save puts the
// server's field errors on their fields and says what failed, above the form and in a snackbar. Cancel empties and
// closes it too.
import type { MessageDescriptor } from '@lingui/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import { showSnackbar } from '@/lib/snackbar';

export function useEditorForm<In extends FieldValues, Out>(
  form: UseFormReturn<In, unknown, Out>,
  opts: {
    firstField: Path<In>;
    /** Creates or updates the record. */
    save: (values: Out) => Promise<unknown>;
    /** What the snackbar says once it is saved. */
    saved: MessageDescriptor;
    /** What failed, for the form's message and the snackbar. */
    failed: MessageDescriptor;
    refetch: QueryKey;
    empty: In;
    onDone: () => void;
  },
) {
  const qc = useQueryClient();
  const root = useRef<HTMLDivElement>(null);
  const { firstField } = opts;
  useEffect(() => {
    root.current?.scrollIntoView({ block: 'start' });
    form.setFocus(firstField);
  }, [form, firstField]);

  const { onSubmit, formError } = useFormSubmit(
    form,
    async (values) => {
      await opts.save(values);
      showSnackbar(opts.saved);
      await qc.invalidateQueries({ queryKey: opts.refetch });
      form.reset(opts.empty);
      opts.onDone();
    },
    { failed: opts.failed, snackbar: true, focus: false },
  );
  const cancel = () => {
    form.reset(opts.empty);
    opts.onDone();
  };
  return { root, formError, onSubmit, cancel };
}

/** What an editor's frame (EditorCard) takes from useEditorForm. */
export type EditorForm = Pick<ReturnType<typeof useEditorForm>, 'root' | 'formError' | 'onSubmit' | 'cancel'>;
