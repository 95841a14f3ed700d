// A query's three states in one place: loading, failed (with a retry), or its data; and when it has settled.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { errorText } from '@/lib/errors';
import { ErrorState, LoadingState } from './States';

/** The part of a react-query result this view reads. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
  error?: unknown;
}

export function QueryView<T>({
  query,
  error,
  reason = false,
  errorTitle,
  children,
}: {
  query: QueryLike<T>;
  /** What could not be loaded, in a sentence. */
  error?: ReactNode;
  /** Says instead why it failed: the query's error in the reader's language. */
  reason?: boolean;
  errorTitle?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { i18n } = useLingui();
  if (query.isPending) return <LoadingState />;
  if (query.isError || query.data === undefined) {
    const text = reason && query.error ? errorText(i18n, query.error) : error;
    return (
      <ErrorState title={errorTitle} onRetry={() => void query.refetch()}>
        {text ? <p>{text}</p> : null}
      </ErrorState>
    );
  }
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
