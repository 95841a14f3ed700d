// /admin/companies: every company, paged, by name, parent companies and status; each with its plan
// status from the same one query (companies.admin.list). Edit a company's data, dates, parent company and portfolio,
// the donations dashboard for its users and bulk-upload access (companies.admin.update, audited); the subscription
// dialogs and history are the admin panel's.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { COMPANY_STATUSES } from '@shared/constants/enums';
import { SubscriptionSummary } from '@/components/subscription/SubscriptionStatus';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { ChunkBoundary } from '@/components/ui/ChunkBoundary';
import { Checkbox, SelectField } from '@/components/ui/Field';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import { lazyComponent } from '@/lib/lazy';
import type { RouterOutputs } from '@/lib/types';
import { ActionDialogs, SubscriptionActions, type SubscriptionAction } from '../components/AcceptedCompanies';
import { ADMIN_PAGE_SIZE, AdminPagedRows } from '../components/AdminPagedList';
import { REGISTRATION_STATUS_TEXT } from '../components/labels';
import { RecordDialog } from '../components/RecordDialog';
import { useAdminListFilters } from '../components/useAdminListFilters';
import { Options } from '@/components/ui/Options';
import { CompanySearch } from '../components/CompanySearch';

type Row = RouterOutputs['companies']['admin']['list']['items'][number];

const EditCompanyForm = lazyComponent(() => import('../components/EditCompanyForm').then((m) => m.EditCompanyForm));

const STATUS_TEXT = {
  approved: msg`Approved`,
  pending: REGISTRATION_STATUS_TEXT.pending,
  rejected: REGISTRATION_STATUS_TEXT.rejected,
} as const;

export function AdminCompaniesPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const { filters, setFilter, page, setPage, q } = useAdminListFilters({ q: '', parents: false, status: '' });
  const { parents, status } = filters;
  const list = useQuery({
    ...trpc.companies.admin.list.queryOptions({
      page,
      size: ADMIN_PAGE_SIZE,
      search: q,
      is_parent_company: parents ? true : undefined,
      status: (status || undefined) as never,
    }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Row | null>(null);
  const [action, setAction] = useState<SubscriptionAction | null>(null);

  const renderCompany = (c: Row) => {
    const name = c.name;
    return (
      <li key={c.id} className="rows__item" data-testid="company-row">
        <span>
          <strong>{c.name}</strong>
          <br />
          <span className="muted">{[c.city, c.country].filter(Boolean).join(', ')}</span>
        </span>
        <span className="rows__facts">
          <span className={`badge badge--${c.status === 'approved' ? 'accepted' : c.status}`}>{i18n._(STATUS_TEXT[c.status])}</span>
          {c.is_parent_company ? (
            <span className="badge badge--builtin">
              <Trans>Parent company</Trans>
            </span>
          ) : null}
          <SubscriptionSummary sub={c.subscription} />
          {c.onboarding_date ? (
            <span className="muted">
              <Trans>Onboarded {fmt.day(c.onboarding_date)}</Trans>
            </span>
          ) : null}
        </span>
        <span className="row-actions rows__actions">
          <Button
            size="sm"
            onClick={() => setEditing(c)}
            onMouseEnter={() => void EditCompanyForm.preload()}
            onFocus={() => void EditCompanyForm.preload()}
            aria-label={t`Edit ${name}`}
          >
            <Trans>Edit</Trans>
          </Button>
          {c.status === 'approved' ? <SubscriptionActions row={c} onAction={setAction} /> : null}
        </span>
      </li>
    );
  };

  const data = list.data;
  // SPEC §8: a list answer without its items list is reported as such, not as an empty list.
  const malformed = !!data && !Array.isArray((data as { items?: unknown }).items);
  return (
    <>
      <PageHeader
        title={<Trans>Companies</Trans>}
        description={<Trans>Every company with its plan; edit its data, group, donations dashboard and bulk upload.</Trans>}
      />
      <Card>
        <div className="stack">
          <div className="toolbar">
            <CompanySearch value={filters.q} onChange={(q) => setFilter('q', q)} testId="admin-company-search" />
            <SelectField label={<Trans>Status</Trans>} value={status} onChange={(e) => setFilter('status', e.target.value)}>
              <Options values={COMPANY_STATUSES} labels={STATUS_TEXT} blank={t`All`} />
            </SelectField>
            <Checkbox
              label={<Trans>Parent companies only</Trans>}
              checked={parents}
              onChange={(e) => setFilter('parents', e.currentTarget.checked)}
            />
          </div>
          {malformed ? (
            <ErrorState onRetry={() => void list.refetch()}>
              <p>
                <Trans>Failed to fetch companies data - invalid response structure</Trans>
              </p>
            </ErrorState>
          ) : (
            <AdminPagedRows
              list={list}
              error={<Trans>The companies could not be loaded.</Trans>}
              caption={(data) => <Trans>Companies ({data.total})</Trans>}
              empty={<Trans>No company matches.</Trans>}
              page={page}
              onPage={setPage}
            >
              {renderCompany}
            </AdminPagedRows>
          )}
        </div>
      </Card>
      {editing ? <EditCompanyDialog id={editing.id} name={editing.name} onClose={() => setEditing(null)} /> : null}
      <ActionDialogs action={action} onClose={() => setAction(null)} />
    </>
  );
}

function EditCompanyDialog({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.companies.admin.get.queryOptions({ id }));
  return (
    <RecordDialog query={detail} title={<Trans>Edit {name}</Trans>} error={<Trans>The company could not be loaded.</Trans>} onClose={onClose}>
      {(data) => (
        <ChunkBoundary fallback={<LoadingState />} errorTitle={<Trans>The company form could not be loaded</Trans>}>
          <EditCompanyForm detail={data} onClose={onClose} />
        </ChunkBoundary>
      )}
    </RecordDialog>
  );
}
