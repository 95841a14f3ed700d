// The administrators' paged list filtered by status (the job queue, the mail outbox): the filters with a Status
// select among them, the error of a row's action, then the list loading, failed, empty, or as the page's table
// with pagination. The page keeps its query, its other filters and its table; the rest is written once here.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { FormError, SelectField } from '@/components/ui/Field';
import { Pagination } from '@/components/ui/Pagination';
import { QueryView, type QueryLike } from '@/components/ui/QueryView';
import { Options } from '@/components/ui/Options';

/** A page of the list as the admin procedures answer it. */
export interface StatusListPage<T> {
  items: T[];
  total: number;
  totalPages: number;
}

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
  list: QueryLike<StatusListPage<T>>;
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
      <div className="form-grid">{filters(statusSelect)}</div>
      <FormError>{rowError}</FormError>
      <QueryView query={list} errorTitle={loadError}>
        {(data) =>
          data.items.length === 0 ? (
            empty
          ) : (
            <>
              {children(data.items)}
              <Pagination
                page={page}
                size={pageSize}
                total={data.total}
                totalPages={data.totalPages}
                itemsOnPage={data.items.length}
                onPage={onPage}
              />
            </>
          )
        }
      </QueryView>
    </>
  );
}
