// The administrators' wide dialog over what one query loads (a mail, a query, a company, a history): loading,
// failed with a retry, or what the page shows of it; it closes with its Close button or Escape.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { QueryView, type QueryLike } from '@/components/ui/QueryView';

export function RecordDialog<T>({
  query,
  title,
  loadError,
  error,
  onClose,
  children,
}: {
  query: QueryLike<T>;
  title: ReactNode;
  /** The title of the error state when the query failed. */
  loadError?: ReactNode;
  /** What could not be loaded, in a sentence under the error state's title. */
  error?: ReactNode;
  onClose: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Dialog open onClose={onClose} title={title} closeLabel={t`Close`} className="dialog--wide">
      <QueryView query={query} errorTitle={loadError} error={error}>
        {children}
      </QueryView>
    </Dialog>
  );
}
