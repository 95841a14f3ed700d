// A query's three states in one place: loading, failed (with a retry), or its data; and when it has settled.
import { useEffect, useEffectEvent, type ReactNode } from 'react';
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

/**
 * Whether a query has settled: it has its answer or has failed. Content below a list that loads shows only then:
 * on a phone it would jump down as the list replaced its loading state (a layout shift).
 */
export function isSettled(query: Pick<QueryLike<unknown>, 'data' | 'isError'>): boolean {
  return query.data !== undefined || query.isError;
}

/**
 * Calls `onSettled` when `settled` turns true, for a parent that shows what stands below this component only
 * then (its own state says when: every row drawn, say, which the parent cannot see).
 */
export function useOnSettled(settled: boolean, onSettled: (() => void) | undefined): void {
  const report = useEffectEvent(() => onSettled?.());
  useEffect(() => {
    if (settled) report();
  }, [settled]);
}
