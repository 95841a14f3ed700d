// Admin panel, second tab: approved companies with editable onboarding dates, their subscription, and the
// subscription and reset-link actions.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SubscriptionSummary } from '@/components/subscription/SubscriptionStatus';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/States';
import { Table, type Column } from '@/components/ui/Table';
import { useDebounced } from '@/hooks/useDebounced';
import { errorText } from '@/lib/errors';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { PagedList } from '@/components/ui/PagedList';
import { useListFilters } from '@/hooks/useListFilters';
import { AssignPlanDialog, ExtendDialog, HistoryDialog, ResetLinkButton, ResetLinkDialog, type CompanyRef } from './SubscriptionDialogs';
import { COMPANIES_PAGE_SIZE, useApprovedCompanies, type CompanyRow, type Manager } from './useApprovedCompanies';
import { CompanySearch } from './CompanySearch';

export type SubscriptionAction = { kind: 'assign' | 'extend' | 'history'; company: CompanyRef } | { kind: 'reset'; user: Manager };

/** The dialogs for a row action; shared with the subscription approval tab. */
export function ActionDialogs({ action, onClose }: { action: SubscriptionAction | null; onClose: () => void }) {
  if (!action) return null;
  switch (action.kind) {
    case 'assign':
      return <AssignPlanDialog company={action.company} onClose={onClose} />;
    case 'extend':
      return <ExtendDialog company={action.company} onClose={onClose} />;
    case 'history':
      return <HistoryDialog company={action.company} onClose={onClose} />;
    case 'reset':
      return <ResetLinkDialog user={action.user} onClose={onClose} />;
  }
}

export function SubscriptionActions({ row, onAction }: { row: CompanyRow; onAction: (a: SubscriptionAction) => void }) {
  const { t } = useLingui();
  const company = { id: row.id, name: row.name };
  const name = company.name;
  return (
    <div className="row-actions">
      <Button size="sm" onClick={() => onAction({ kind: 'assign', company })} aria-label={t`Assign plan to ${name}`}>
        <Trans>Assign plan</Trans>
      </Button>
      <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'extend', company })} aria-label={t`Extend the plan of ${name}`}>
        <Trans>Extend</Trans>
      </Button>
      <Button size="sm" variant="ghost" onClick={() => onAction({ kind: 'history', company })} aria-label={t`Subscription history of ${name}`}>
        <Trans>History</Trans>
      </Button>
    </div>
  );
}

function OnboardingDate({ companyId, name, value }: { companyId: number; name: string; value: string | null }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const update = useMutation(trpc.companies.admin.update.mutationOptions());
  const [draft, setDraft] = useState<string | null>(null);
  const current = draft ?? value ?? '';
  const save = async () => {
    if (draft === null || draft === (value ?? '')) return;
    try {
      await update.mutateAsync({ id: companyId, onboarding_date: draft || null });
      await qc.invalidateQueries({ queryKey: trpc.companies.pathKey() });
      setDraft(null);
      showSnackbar(msg`Onboarding date saved`);
    } catch (err) {
      showSnackbar(`${i18n._(msg`Failed to edit company`)}. ${errorText(i18n, err)}`, { tone: 'error' });
    }
  };
  return (
    <span className="date-cell">
      <input
        type="date"
        className="input"
        aria-label={t`Onboarding date of ${name}`}
        value={current}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      {update.isPending ? <Spinner size={16} /> : null}
    </span>
  );
}

export function AcceptedCompanies() {
  const { t } = useLingui();
  const { filters, setFilter, page, setPage } = useListFilters({ search: '' });
  const query = useDebounced(filters.search.trim(), 300);
  const list = useApprovedCompanies({ page, search: query });
  const [action, setAction] = useState<SubscriptionAction | null>(null);
  const columns: Column<CompanyRow>[] = [
    {
      key: 'company',
      header: <Trans>Company</Trans>,
      cell: (r) => (
        <>
          <strong>{r.name}</strong>
          <br />
          <span className="muted">{[r.city, r.country].filter(Boolean).join(', ')}</span>
        </>
      ),
    },
    {
      key: 'onboarding',
      header: <Trans>Onboarding date</Trans>,
      cell: (r) => <OnboardingDate companyId={r.id} name={r.name} value={r.onboarding_date} />,
    },
    { key: 'subscription', header: <Trans>Subscription</Trans>, cell: (r) => <SubscriptionSummary sub={r.subscription} /> },
    { key: 'actions', header: <Trans>Subscription actions</Trans>, cell: (r) => <SubscriptionActions row={r} onAction={setAction} /> },
    {
      key: 'manager',
      header: <Trans>Manager</Trans>,
      cell: (r) => {
        const manager = r.manager;
        if (!manager) return <span className="muted">—</span>;
        const email = manager.email;
        return (
          <>
            <span>{email}</span>
            <br />
            <ResetLinkButton label={t`Create a password reset link for ${email}`} onClick={() => setAction({ kind: 'reset', user: manager })} />
          </>
        );
      },
    },
  ];
  return (
    <div className="stack">
      <div className="toolbar">
        <CompanySearch value={filters.search} onChange={(q) => setFilter('search', q)} testId="company-search" />
      </div>
      <PagedList list={list} error={<Trans>The companies could not be loaded.</Trans>} page={page} size={COMPANIES_PAGE_SIZE} onPage={setPage}>
        {(data) => (
          <Table
            caption={<Trans>Accepted companies ({data.total})</Trans>}
            columns={columns}
            rows={data.items}
            rowKey={(r) => r.id}
            empty={<Trans>No approved companies yet.</Trans>}
          />
        )}
      </PagedList>
      <ActionDialogs action={action} onClose={() => setAction(null)} />
    </div>
  );
}
