// The administrators' list-and-edit page: a header with a New button, an optional search box, a table of rows
// (paged when the list is) with Edit and Remove on each row, the page's own editor and what saving it does, and the
// confirmation before a row is removed. The page keeps what differs (columns, the form, what creating, updating and
// removing call); the rest is written once here.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { TextField } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { Pagination } from '@/components/ui/Pagination';
import { QueryView } from '@/components/ui/QueryView';
import { Table, type Column } from '@/components/ui/Table';
import { useDebounced } from '@/hooks/useDebounced';
import { showSnackbar } from '@/lib/snackbar';
import '../admin-console.css';

export const CRUD_PAGE_SIZE = 20;

/** A list as the admin procedures answer it: the rows, and the page counts when the list is paged. */
export interface CrudList<T> {
  items: T[];
  total?: number;
  totalPages?: number;
}

export interface CrudListParams {
  q?: string;
  page: number;
  size: number;
}

/** Saving the editor: the row is created when it is new, updated otherwise; then what changed is read again. */
export interface CrudSave<T, V> {
  create: (values: V) => Promise<unknown>;
  update: (row: T, values: V) => Promise<unknown>;
  created: MessageDescriptor;
  saved: MessageDescriptor;
}

/** Removing a row, once the administrator has confirmed it. */
export interface CrudRemoval<T> {
  /** What removing does, in a sentence or two (the confirmation's text). */
  explain: ReactNode;
  /** Removes the row on the server; throws when the server refuses (the dialog shows why and stays open). */
  run: (row: T) => Promise<unknown>;
  done: MessageDescriptor;
}

export function CrudPage<L extends CrudList<unknown>, E, K extends QueryKey, V, T = L['items'][number]>({
  title,
  description,
  newLabel,
  newTestId,
  searchPlaceholder,
  listOptions,
  loadError,
  caption,
  empty,
  rowKey,
  rowName,
  columns,
  removeVerb = 'remove',
  canRemove,
  editor,
  save,
  refresh,
  removal,
}: {
  title: ReactNode;
  description?: ReactNode;
  newLabel: ReactNode;
  newTestId: string;
  /** With a placeholder the page has a search box, and the list is asked for page by page. */
  searchPlaceholder?: string;
  listOptions: (params: CrudListParams) => UseQueryOptions<L, E, L, K>;
  loadError: ReactNode;
  caption: ReactNode;
  empty: ReactNode;
  rowKey: (row: T) => string | number;
  /** The row's name in its Edit and Remove buttons' accessible names. */
  rowName: (row: T) => string;
  columns: Column<T>[];
  removeVerb?: 'remove' | 'delete';
  canRemove?: (row: T) => boolean;
  /** The create (row null) or edit dialog; `onSave` saves its values, says so and closes it (it throws what the server refused). */
  editor: (row: T | null, onSave: (values: V) => Promise<void>, close: () => void) => ReactNode;
  save: CrudSave<T, V>;
  /** Reads again what saving or removing changed. */
  refresh: () => Promise<unknown>;
  removal: CrudRemoval<T>;
}) {
  const { t } = useLingui();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const query = useDebounced(q.trim(), 250);
  const list = useQuery({ ...listOptions({ q: query || undefined, page, size: CRUD_PAGE_SIZE }), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const saveRow = async (row: T | null, values: V) => {
    if (row) await save.update(row, values);
    else await save.create(values);
    await refresh();
    showSnackbar(row ? save.saved : save.created);
    setEditing(null);
  };
  const actions: Column<T> = {
    key: 'actions',
    header: <Trans>Actions</Trans>,
    cell: (row) => {
      const name = rowName(row);
      return (
        <div className="row-actions">
          <Button size="sm" variant="secondary" onClick={() => setEditing({ row })} aria-label={t`Edit ${name}`}>
            <Trans>Edit</Trans>
          </Button>
          {canRemove && !canRemove(row) ? null : (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setRemoving(row)}
              aria-label={removeVerb === 'delete' ? t`Delete ${name}` : t`Remove ${name}`}
            >
              {removeVerb === 'delete' ? <Trans>Delete</Trans> : <Trans>Remove</Trans>}
            </Button>
          )}
        </div>
      );
    },
  };
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button icon={<Icon name="plus" />} onClick={() => setEditing({ row: null })} data-testid={newTestId}>
            {newLabel}
          </Button>
        }
      />
      <Card>
        {searchPlaceholder ? (
          <div className="form-grid admin-filters">
            <TextField
              label={<Trans>Search</Trans>}
              type="search"
              value={q}
              onChange={(e) => (setQ(e.target.value), setPage(0))}
              placeholder={searchPlaceholder}
            />
          </div>
        ) : null}
        <QueryView query={list} error={loadError}>
          {(data) => (
            <>
              <Table caption={caption} rows={data.items as T[]} rowKey={rowKey} empty={empty} columns={[...columns, actions]} />
              {data.totalPages !== undefined && data.totalPages > 1 ? (
                <Pagination
                  page={page}
                  size={CRUD_PAGE_SIZE}
                  result={{ ...data, total: data.total ?? 0, totalPages: data.totalPages }}
                  onPage={setPage}
                />
              ) : null}
            </>
          )}
        </QueryView>
      </Card>
      {editing
        ? editor(
            editing.row,
            (values) => saveRow(editing.row, values),
            () => setEditing(null),
          )
        : null}
      {removing ? (
        <RemoveDialog
          row={removing}
          name={rowName(removing)}
          verb={removeVerb}
          removal={removal}
          refresh={refresh}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}

function RemoveDialog<T>({
  row,
  name,
  verb,
  removal,
  refresh,
  onClose,
}: {
  row: T;
  name: string;
  verb: 'remove' | 'delete';
  removal: CrudRemoval<T>;
  refresh: () => Promise<unknown>;
  onClose: () => void;
}) {
  const confirm = async () => {
    await removal.run(row);
    await refresh();
    showSnackbar(removal.done);
    onClose();
  };
  return (
    <ConfirmDialog
      title={verb === 'delete' ? <Trans>Delete {name}?</Trans> : <Trans>Remove {name}?</Trans>}
      confirmLabel={verb === 'delete' ? <Trans>Delete</Trans> : <Trans>Remove</Trans>}
      onConfirm={confirm}
      onClose={onClose}
      testId="confirm-delete"
    >
      <p>{removal.explain}</p>
    </ConfirmDialog>
  );
}
