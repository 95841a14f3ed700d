// The administrators' paged list filtered by status (the job queue, the mail outbox): the filters with a Status
// select among them, the error of a row's action, then the paged list (PagedList) with the page's table. The page
// keeps its query, its other filters and its table; the rest is written once here.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { FormError, SelectField } from '@/components/ui/Field';
import { Options } from '@/components/ui/Options';
import { errorText } from '@/lib/errors';
import { showSnackbar } from '@/lib/snackbar';
import type { QueryLike } from '@/components/ui/QueryView';
import { PagedList, type ListPage } from '@/components/ui/PagedList';
import '../admin-console.css';

export function StatusFilteredList<S extends string, T>({
  statuses,
  statusLabels,
  status,
  onStatus,
  statusTestId,
  filters,
  rowError,
  list,
  loadError,
  empty,
  page,
  pageSize,
  onPage,
  children,
}: {
  statuses: readonly S[];
  statusLabels: Record<S, MessageDescriptor>;
  /** The status filtered on; '' for all. */
  status: S | '';
  onStatus: (status: S | '') => void;
  statusTestId: string;
  /** The filter fields of the page, given the Status select to place among them. */
  filters: (statusSelect: ReactNode) => ReactNode;
  rowError: string | null;
  list: QueryLike<ListPage<T>> & { isPlaceholderData?: boolean };
  /** The title of the error state when the list could not be loaded. */
  loadError: ReactNode;
  /** What shows when the page of the list has no rows. */
  empty: ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The rows of the page, as a table. */
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useLingui();
  const statusSelect = (
    <SelectField label={<Trans>Status</Trans>} value={status} onChange={(e) => onStatus(e.target.value as S | '')} data-testid={statusTestId}>
      <Options values={statuses} labels={statusLabels} blank={t`All`} />
    </SelectField>
  );
  return (
    <>
      <div className="form-grid admin-filters">{filters(statusSelect)}</div>
      <FormError>{rowError}</FormError>
      <PagedList list={list} errorTitle={loadError} empty={empty} page={page} size={pageSize} onPage={onPage}>
        {(data) => children(data.items)}
      </PagedList>
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
