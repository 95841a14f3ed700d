// A list read page by page: loading, failed (with a retry), or the page's rows, dimmed while the
// next page loads, with the page buttons under them. Where the page has a text for an empty list, an empty page
// shows it instead. The page keeps its query, its filters and how a row looks; the rest is written once here.
import type { ReactNode } from 'react';
import { Pagination } from './Pagination';
import { QueryView, type QueryLike } from './QueryView';

/** A page of a list as the paged procedures answer it. */
export interface ListPage<T> {
  items: T[];
  total: number;
  totalPages: number;
}

export function PagedList<P extends ListPage<unknown>>({
  list,
  error,
  errorTitle,
  empty,
  page,
  size,
  onPage,
  children,
}: {
  list: QueryLike<P> & { isPlaceholderData?: boolean };
  /** What could not be loaded, in a sentence. */
  error?: ReactNode;
  errorTitle?: ReactNode;
  /** What shows instead of the rows and the page buttons when the page has no rows. */
  empty?: ReactNode;
  page: number;
  size: number;
  onPage: (page: number) => void;
  /** The rows of the page. */
  children: (data: P) => ReactNode;
}) {
  return (
    <QueryView query={list} error={error} errorTitle={errorTitle}>
      {(data) =>
        empty !== undefined && data.items.length === 0 ? (
          empty
        ) : (
          <div className={list.isPlaceholderData ? 'is-refreshing' : undefined}>
            {children(data)}
            <Pagination page={page} size={size} result={data} onPage={onPage} />
          </div>
        )
      }
    </QueryView>
  );
}
