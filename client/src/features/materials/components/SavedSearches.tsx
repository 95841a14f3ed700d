// Saved searches on the database page: the current filters saved under a name (optionally with a daily mail of new
// matches), and the user's saved searches as links back to them.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import { DialogActions } from '@/components/ui/Dialog';
import { Checkbox, FormError, TextField } from '@/components/ui/Field';
import { ErrorState } from '@/components/ui/States';
import { errorText, fieldErrorText, getAppError } from '@/lib/errors';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { savedSearchParams, type Filters } from '../lib/filters';

export function SavedSearches({ filters }: { filters: Filters }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery(trpc.materials.savedSearches.list.queryOptions());
  const create = useMutation(trpc.materials.savedSearches.create.mutationOptions());
  const remove = useMutation(trpc.materials.savedSearches.delete.mutationOptions());
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [notify, setNotify] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.materials.savedSearches.pathKey() });

  return (
    <section className="saved-searches card" aria-labelledby="saved-searches-title" data-testid="saved-searches">
      <header className="saved-searches__head spread spread--tight">
        <h2 id="saved-searches-title" className="card__title">
          <Trans>Saved searches</Trans>
        </h2>
        {!saving ? (
          <Button variant="secondary" size="sm" onClick={() => setSaving(true)} data-testid="save-search">
            <Trans>Save this search</Trans>
          </Button>
        ) : null}
      </header>
      {saving ? (
        <form
          className="saved-searches__form"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            setError(null);
            setNameError(undefined);
            try {
              await create.mutateAsync({ name, filters: savedSearchParams(filters), notify });
              showSnackbar(msg`Search saved`);
              setSaving(false);
              setName('');
              await refresh();
            } catch (err) {
              const f = getAppError(err).fields;
              if (f?.name) setNameError(fieldErrorText(i18n, { message: f.name }));
              else setError(errorText(i18n, err));
            }
          }}
        >
          <FormError>{error}</FormError>
          <TextField
            label={t`Name`}
            required
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            error={nameError}
            data-testid="saved-search-name"
          />
          <Checkbox label={<Trans>Mail me new matches once a day</Trans>} checked={notify} onChange={(e) => setNotify(e.target.checked)} />
          <DialogActions size="sm" loading={create.isPending} onCancel={() => setSaving(false)} testId="saved-search-submit">
            <Trans>Save</Trans>
          </DialogActions>
        </form>
      ) : null}
      {list.isError ? (
        <ErrorState title={<Trans>Could not load your saved searches</Trans>} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <p className="field__hint" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="field__hint">
          <Trans>No saved searches yet. Set the filters you want and save them to come back in one click.</Trans>
        </p>
      ) : (
        <ul className="saved-searches__list list-row">
          {list.data.items.map((s) => (
            <li key={s.id}>
              <Link href={s.link}>{s.name}</Link>
              {s.notify ? (
                <span className="field__hint">
                  <Trans>Daily mail</Trans>
                </span>
              ) : null}
              <Button
                variant="ghost"
                size="sm"
                aria-label={t`Delete saved search ${s.name}`}
                loading={remove.isPending && remove.variables?.id === s.id}
                onClick={async () => {
                  try {
                    await remove.mutateAsync({ id: s.id });
                    await refresh();
                  } catch (err) {
                    showSnackbar(errorText(i18n, err), { tone: 'error' });
                  }
                }}
              >
                <Trans>Delete</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
