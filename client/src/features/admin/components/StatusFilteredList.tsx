// The administrators' paged list filtered by status (the job queue, the mail outbox): the filters with a Status
// select among them, the error of a row's action, then the paged table (AdminPagedTable). The page keeps its query,
// its other filters and its columns; the rest is written once here.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/Button';
import { FormError, SelectField } from '@/components/ui/Field';
import { Icon, type IconName } from '@/components/ui/Icon';
import { Options } from '@/components/ui/Options';
import { errorText } from '@/lib/errors';
import { showSnackbar } from '@/lib/snackbar';
import { AdminPagedTable, type AdminPagedListProps, type PageTable } from './AdminPagedList';
import '../admin-console.css';

/** The part of the page's useListFilters this list reads: the status filtered on ('' for all) and the page. */
export interface StatusFilterState<S extends string> {
  filters: { status: S | '' };
  setFilter: (key: 'status', value: S | '') => void;
  page: number;
  setPage: (page: number) => void;
}

export function StatusFilteredList<S extends string, T>({
  state,
  statuses,
  statusLabels,
  statusTestId,
  filters,
  rowError,
  ...table
}: {
  state: StatusFilterState<S>;
  statuses: readonly S[];
  statusLabels: Record<S, MessageDescriptor>;
  statusTestId: string;
  /** The filter fields of the page, given the Status select to place among them. */
  filters: (statusSelect: ReactNode) => ReactNode;
  rowError: string | null;
} & Omit<AdminPagedListProps<T>, 'page' | 'onPage'> &
  PageTable<T>) {
  const { t } = useLingui();
  const statusSelect = (
    <SelectField
      label={<Trans>Status</Trans>}
      value={state.filters.status}
      onChange={(e) => state.setFilter('status', e.target.value as S | '')}
      data-testid={statusTestId}
    >
      <Options values={statuses} labels={statusLabels} blank={t`All`} />
    </SelectField>
  );
  return (
    <>
      <div className="form-grid admin-filters">{filters(statusSelect)}</div>
      <FormError>{rowError}</FormError>
      <AdminPagedTable {...table} page={state.page} onPage={state.setPage} />
    </>
  );
}

/**
 * A row's action in such a list (run a job again, send a mail again): the action, then what it changed read
 * again and the snackbar. Its error goes to the list's error line (or a dialog's); `busy` tells which row's
 * button shows the spinner.
 */
export function useRowAction(
  mutation: { mutateAsync: (input: { id: number }) => Promise<unknown>; isPending: boolean; variables: { id?: unknown } | undefined },
  { refresh, done }: { refresh: () => Promise<unknown>; done: MessageDescriptor },
) {
  const { i18n } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const run = async (id: number) => {
    setError(null);
    try {
      await mutation.mutateAsync({ id });
      await refresh();
      showSnackbar(done);
    } catch (err) {
      setError(errorText(i18n, err));
    }
  };
  return { run, error, busy: (id: number) => mutation.isPending && mutation.variables?.id === id };
}

export type RowAction = ReturnType<typeof useRowAction>;

/** The small button that runs a row's action, with the spinner while it runs for this row. */
export function RowActionButton({
  action,
  rowId,
  icon,
  ...rest
}: { action: RowAction; rowId: number; icon: IconName } & Omit<ButtonProps, 'icon' | 'size' | 'loading' | 'onClick'>) {
  return <Button size="sm" icon={<Icon name={icon} size={16} />} loading={action.busy(rowId)} onClick={() => void action.run(rowId)} {...rest} />;
}
