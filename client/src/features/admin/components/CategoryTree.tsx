// What the category tree (/admin/categories) and the impact mappings (/admin/categories/impact) share: the card of
// material groups the tree starts from, a level of the tree loaded when its parent opens, a row's open/close toggle,
// and the search across every level. Each page
// keeps how a row looks and what it edits.
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { QueryView, type QueryLike } from '@/components/ui/QueryView';
import { EmptyState, ErrorState, Spinner } from '@/components/ui/States';
import { useDebounced } from '@/hooks/useDebounced';
import { useFormat } from '@/lib/format';
import { PagedList, type ListPage } from '@/components/ui/PagedList';

/** Rows a level shows until the administrator asks for all (a level can hold hundreds of EWC entries). */
const SHOWN = 50;
const SEARCH_PAGE_SIZE = 10;

/** The material groups, the tree's first rows: loading, failed with a retry, none yet, or the groups. */
export function GroupsCard<T extends { id: number }>({
  groups,
  loadError,
  label,
  testId,
  children,
}: {
  groups: QueryLike<{ items: T[] }>;
  /** The title of the error state when the groups could not be loaded. */
  loadError: ReactNode;
  /** The tree's accessible name. */
  label: string;
  testId: string;
  /** A group's row. */
  children: (group: T) => ReactNode;
}) {
  return (
    <Card title={<Trans>Material groups</Trans>}>
      <QueryView query={groups} errorTitle={loadError}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState icon="boxes" title={<Trans>No material groups yet</Trans>} />
          ) : (
            <ul className="cat-tree" aria-label={label} data-testid={testId}>
              {data.items.map(children)}
            </ul>
          )
        }
      </QueryView>
    </Card>
  );
}

/** One level below an opened row: its rows (the first 50 until asked for all), or why there are none. */
export function TreeLevel<T extends { id: number }>({
  nodes,
  children,
}: {
  nodes: UseQueryResult<{ items: T[] }, unknown>;
  /** A row of the level. */
  children: (node: T) => ReactNode;
}) {
  const { t } = useLingui();
  const fmt = useFormat();
  const [all, setAll] = useState(false);
  if (nodes.isPending)
    return (
      <div className="cat-tree__loading">
        <Spinner size={18} />
      </div>
    );
  if (nodes.isError) return <ErrorState title={<Trans>This level could not be loaded</Trans>} onRetry={() => void nodes.refetch()} />;
  const items = all ? nodes.data.items : nodes.data.items.slice(0, SHOWN);
  const total = fmt.number(nodes.data.items.length);
  return (
    <ul className="cat-tree cat-tree--nested">
      {items.map((n) => (
        <Fragment key={n.id}>{children(n)}</Fragment>
      ))}
      {nodes.data.items.length === 0 ? (
        <li className="muted cat-tree__empty">
          <Trans>Nothing here yet.</Trans>
        </li>
      ) : null}
      {!all && nodes.data.items.length > SHOWN ? (
        <li>
          <Button size="sm" variant="ghost" onClick={() => setAll(true)}>
            {t`Show all ${total}`}
          </Button>
        </li>
      ) : null}
    </ul>
  );
}

/** A row's name, as the button that opens and closes the level below it; a leaf's name is not a button. */
export function RowToggle({
  leaf = false,
  open,
  onToggle,
  disabled,
  testId,
  children,
}: {
  leaf?: boolean;
  open: boolean;
  onToggle: () => void;
  disabled: boolean;
  testId?: string;
  children: ReactNode;
}) {
  if (leaf) return <span className="cat-row__toggle cat-row__toggle--leaf">{children}</span>;
  return (
    <button type="button" className="cat-row__toggle" aria-expanded={open} onClick={onToggle} disabled={disabled} data-testid={testId}>
      <Icon name="chevron" size={16} className={open ? 'cat-row__chevron cat-row__chevron--open' : 'cat-row__chevron'} />
      {children}
    </button>
  );
}

/** The search across every level of the tree, by name (in any language) or code, ten results a page. */
export function CategorySearch<L extends ListPage<unknown>, E, K extends QueryKey, H = L['items'][number]>({
  placeholder,
  testId,
  resultsTestId,
  searchOptions,
  hitKey,
  children,
}: {
  placeholder: string;
  testId: string;
  resultsTestId: string;
  searchOptions: (params: { q: string; page: number; size: number }) => UseQueryOptions<L, E, L, K>;
  hitKey: (hit: H) => string;
  /** What a result shows (inside its list item). */
  children: (hit: H) => ReactNode;
}) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const search = useDebounced(q.trim(), 250);
  const results = useQuery({
    ...searchOptions({ q: search, page, size: SEARCH_PAGE_SIZE }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
  return (
    <Card className="card--spaced">
      <TextField
        label={<Trans>Find a category</Trans>}
        type="search"
        value={q}
        onChange={(e) => (setQ(e.target.value), setPage(0))}
        placeholder={placeholder}
        data-testid={testId}
      />
      {search ? (
        <PagedList
          list={results}
          errorTitle={<Trans>The search failed</Trans>}
          empty={
            <p className="muted">
              <Trans>No category matches.</Trans>
            </p>
          }
          page={page}
          size={SEARCH_PAGE_SIZE}
          onPage={setPage}
        >
          {(data) => (
            <ul className="cat-results" data-testid={resultsTestId}>
              {(data.items as H[]).map((hit) => (
                <li key={hitKey(hit)} className="cat-result">
                  {children(hit)}
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      ) : null}
    </Card>
  );
}
