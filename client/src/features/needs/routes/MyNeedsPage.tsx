// "My needs": the company's wanted listings, newest first, paged; each with the listings that match it (found when
// they were created, or offered by their suppliers in answer). A match arriving live refreshes the list.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { MarketTabs } from '@/components/listing/MarketTabs';
import { formatKm, formatQuantity } from '@/components/listing/format';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Pagination } from '@/components/ui/Pagination';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { to } from '@/config/paths';
import { errorText } from '@/lib/errors';
import { useLanguage } from '@/lib/i18n';
import { onRealtime } from '@/lib/realtime-events';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { LIMITS } from '@shared/constants/limits';
import { NeedForm, type EditableNeed } from '../components/NeedForm';
import { NeedSummary, type NeedItem } from '../components/NeedSummary';
import '../needs.css';
import { NeedList } from '../components/NeedList';

export function MyNeedsPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<'new' | EditableNeed | null>(null);
  const list = useQuery({ ...trpc.needs.mine.queryOptions({ page, size: LIMITS.listingPageSize }), placeholderData: keepPreviousData });
  // A new listing that matches one of our needs arrives as a notification: the matches shown follow it.
  useEffect(
    () =>
      onRealtime('newNotification', (n) => {
        if (n.type === 'new_materials') void qc.invalidateQueries({ queryKey: trpc.needs.pathKey() });
      }),
    [qc, trpc],
  );

  return (
    <>
      <PageHeader
        title={<Trans>My needs</Trans>}
        description={
          <Trans>Tell suppliers near you what your company is looking for. New listings that match are shown here and notified to you.</Trans>
        }
        actions={
          editing === null ? (
            <Button onClick={() => setEditing('new')} data-testid="add-need">
              <Trans>Add a need</Trans>
            </Button>
          ) : null
        }
      />
      <MarketTabs current="mine" />
      {editing !== null ? (
        <Card title={editing === 'new' ? <Trans>New need</Trans> : <Trans>Edit need</Trans>} className="need-editor">
          <NeedForm need={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
        </Card>
      ) : null}

      <NeedList
        query={list}
        errorTitle={<Trans>Could not load your needs</Trans>}
        empty={
          <EmptyState icon="boxes" title={<Trans>Your company has no needs yet</Trans>}>
            <p>
              <Trans>Add what you are looking for, and suppliers near you can answer with their listings.</Trans>
            </p>
          </EmptyState>
        }
        testId="my-needs"
        footer={(data) => <Pagination page={page} size={LIMITS.listingPageSize} result={data} onPage={setPage} />}
      >
        {(n) => <MyNeed need={n} onEdit={() => setEditing(n)} />}
      </NeedList>
    </>
  );
}

function MyNeed({ need, onEdit }: { need: NeedItem & EditableNeed; onEdit: () => void }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [open, setOpen] = useState(need.match_count > 0);
  const [confirm, setConfirm] = useState(false);
  const remove = useMutation(trpc.needs.delete.mutationOptions());
  return (
    <article className="card need-card" data-testid={`need-${need.id}`}>
      <header className="need-card__head spread spread--tight">
        <h2 className="card__title">{need.title}</h2>
        <span className={need.is_open ? 'badge badge--accepted' : 'badge'}>{need.is_open ? <Trans>Open</Trans> : <Trans>Closed</Trans>}</span>
      </header>
      <p className="need-card__text">{need.description}</p>
      <NeedSummary need={need} />
      <div className="row-actions">
        <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="need-matches-toggle">
          <Plural value={need.match_count} one="# matching listing" other="# matching listings" />
        </Button>
        <Button variant="ghost" size="sm" onClick={onEdit}>
          <Trans>Edit</Trans>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setConfirm(true)}>
          <Trans>Delete</Trans>
        </Button>
      </div>
      {open ? <Matches id={need.id} /> : null}
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        title={<Trans>Delete this need?</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ id: need.id });
            setConfirm(false);
            showSnackbar(msg`Need deleted`);
            await qc.invalidateQueries({ queryKey: trpc.needs.pathKey() });
          } catch (err) {
            showSnackbar(errorText(i18n, err), { tone: 'error' });
          }
        }}
      >
        <p>
          <Trans>“{need.title}” and its matches are removed. Suppliers no longer see it.</Trans>
        </p>
      </ConfirmDialog>
    </article>
  );
}

function Matches({ id }: { id: number }) {
  const trpc = useTRPC();
  const lang = useLanguage();
  const detail = useQuery(trpc.needs.get.queryOptions({ id }));
  if (detail.isError) return <ErrorState title={<Trans>Could not load the matches</Trans>} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <LoadingState />;
  if (!detail.data.matches.length)
    return (
      <p className="need-card__none">
        <Trans>No listing matches yet. You are notified as soon as one is listed.</Trans>
      </p>
    );
  return (
    <ul className="doc-list need-matches" data-testid="need-matches">
      {detail.data.matches.map((m) => (
        <li key={m.material_id}>
          <Link href={to.material(m.material_id)}>{m.title}</Link>
          <span>
            {m.company_name} · {formatQuantity(lang, m.quantity, m.quantity_unit)}
            {m.distance_km !== null ? ` · ${formatKm(lang, m.distance_km)}` : ''}
          </span>
          {m.source === 'answered' ? (
            <span className="badge badge--pending">
              <Trans>Offered by the supplier</Trans>
            </span>
          ) : null}
          {m.message ? <q>{m.message}</q> : null}
        </li>
      ))}
    </ul>
  );
}
