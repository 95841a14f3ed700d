// A query's three states in one place: loading, failed (with a retry), or its data.
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from './States';

/** The part of a react-query result this view reads. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

export function QueryView<T>({
  query,
  error,
  errorTitle,
  children,
}: {
  query: QueryLike<T>;
  /** What could not be loaded, in a sentence. */
  error?: ReactNode;
  errorTitle?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError || query.data === undefined)
    return (
      <ErrorState title={errorTitle} onRetry={() => void query.refetch()}>
        {error ? <p>{error}</p> : null}
      </ErrorState>
    );
  return <>{children(query.data)}</>;
}
