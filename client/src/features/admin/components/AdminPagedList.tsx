// The administrators' lists read page by page (the job queue, the mail outbox, the queries, the audit log, the
// companies and the accounts): twenty rows a page, the error state when the list could not be loaded, and an empty state of an icon, a title and a
// sentence. The page keeps its query, its filters and how a row looks; the rest is written once here.
import type { ReactNode } from 'react';
import type { IconName } from '@/components/ui/Icon';
import { PagedList, type ListPage } from '@/components/ui/PagedList';
import type { QueryLike } from '@/components/ui/QueryView';
import { Rows } from '@/components/ui/Rows';
import { EmptyState } from '@/components/ui/States';
import { Table, type Column } from '@/components/ui/Table';

export const ADMIN_PAGE_SIZE = 20;

/** What an empty page of the list shows. */
export interface EmptyList {
  icon: IconName;
  title: ReactNode;
  /** A sentence on what appears in the list, and when. */
  text: ReactNode;
}

export interface AdminPagedListProps<T> {
  list: QueryLike<ListPage<T>> & { isPlaceholderData?: boolean };
  /** The title of the error state when the list could not be loaded. */
  loadError: ReactNode;
  empty: EmptyList;
  page: number;
  onPage: (page: number) => void;
}

export function AdminPagedList<T>({
  list,
  loadError,
  empty,
  page,
  onPage,
  children,
}: AdminPagedListProps<T> & {
  /** The rows of the page. */
  children: (items: T[]) => ReactNode;
}) {
  return (
    <PagedList
      list={list}
      errorTitle={loadError}
      empty={
        <EmptyState icon={empty.icon} title={empty.title}>
          <p>{empty.text}</p>
        </EmptyState>
      }
      page={page}
      size={ADMIN_PAGE_SIZE}
      onPage={onPage}
    >
      {(data) => children(data.items)}
    </PagedList>
  );
}

/** Such a list as Rows: a caption with the count (given the page), the rows, or a muted line when none match. */
export function AdminPagedRows<T>({
  list,
  error,
  caption,
  empty,
  page,
  onPage,
  children,
}: Pick<AdminPagedListProps<T>, 'list' | 'page' | 'onPage'> & {
  /** What could not be loaded, in a sentence. */
  error: ReactNode;
  caption: (data: ListPage<T>) => ReactNode;
  empty: ReactNode;
  /** One row: an `li.rows__item`. */
  children: (item: T) => ReactNode;
}) {
  return (
    <PagedList list={list} error={error} page={page} size={ADMIN_PAGE_SIZE} onPage={onPage}>
      {(data) => (
        <Rows caption={caption(data)} items={data.items} empty={empty}>
          {children}
        </Rows>
      )}
    </PagedList>
  );
}

/** The table of such a list's page. */
export interface PageTable<T> {
  caption: ReactNode;
  rowKey: (row: T) => string | number;
  columns: Column<T>[];
}

/** Such a list whose page is a table. */
export function AdminPagedTable<T>({ caption, rowKey, columns, ...list }: AdminPagedListProps<T> & PageTable<T>) {
  return <AdminPagedList {...list}>{(items) => <Table caption={caption} rows={items} rowKey={rowKey} columns={columns} />}</AdminPagedList>;
}
