// A page of needs: failed (with a retry) while there is no page to show, loading, empty, or the page as a list,
// dimmed while the next page loads, with what follows it (the pagination).
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/States';

export function NeedList<P extends { items: { id: number }[] }>({
  query,
  errorTitle,
  empty,
  testId,
  footer,
  children,
}: {
  query: { data: P | undefined; isError: boolean; isLoading: boolean; isFetching: boolean; refetch: () => unknown };
  errorTitle: ReactNode;
  /** What shows when the page has no needs. */
  empty: ReactNode;
  testId: string;
  footer: (page: P) => ReactNode;
  children: (need: P['items'][number]) => ReactNode;
}) {
  const { t } = useLingui();
  const data = query.data;
  if (query.isError && !data) return <ErrorState title={errorTitle} onRetry={() => void query.refetch()} />;
  if (query.isLoading || !data) return <LoadingState label={t`Loading…`} />;
  if (data.items.length === 0) return empty;
  const fetching = query.isFetching;
  return (
    <div aria-busy={fetching || undefined} className={fetching ? 'is-refreshing' : undefined}>
      <ul className="need-list" data-testid={testId}>
        {data.items.map((n) => (
          <li key={n.id}>{children(n)}</li>
        ))}
      </ul>
      {footer(data)}
    </div>
  );
}
