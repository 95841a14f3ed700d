// /admin/offerings: every listing on the platform (paged, filtered), listing statistics with recommendation
// clicks, and the bulk-upload access requests to grant or deny.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StatusChip } from '@/components/listing/Chips';
import { useListingColumns } from '@/components/listing/columns';
import { formatQuantity } from '@/components/listing/format';
import { CATEGORY_LABELS, KIND_LABELS, STATUS_LABELS } from '@/components/listing/labels';
import { Button, type ButtonProps } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { SelectField, TextField } from '@/components/ui/Field';
import { Icon, type IconName } from '@/components/ui/Icon';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { Table } from '@/components/ui/Table';
import { errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import {
  LISTING_CATEGORIES,
  LISTING_KINDS,
  LISTING_STATUSES,
  type ListingCategory,
  type ListingKind,
  type ListingStatus,
} from '@shared/constants/enums';
import { LIMITS } from '@shared/constants/limits';
import { Options } from '@/components/ui/Options';
import { useAdminListFilters } from '../components/useAdminListFilters';

export function AdminOfferingsPage() {
  return (
    <>
      <PageHeader title={<Trans>Offerings</Trans>} description={<Trans>Every listing on the platform, from every company, with its status.</Trans>} />
      <div className="admin-offerings">
        <Stats />
        <AllListings />
        <AccessRequests />
      </div>
    </>
  );
}

function StatCard({ icon, label, value, testId }: { icon: IconName; label: string; value: string | null; testId?: string }) {
  return (
    <div className="card stat" data-testid={testId}>
      <span className="icon-tile stat__icon">
        <Icon name={icon} size={26} />
      </span>
      <p className="stat__value">{value ?? '…'}</p>
      <p className="stat__label">{label}</p>
    </div>
  );
}

function Stats() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const stats = useQuery(trpc.materials.admin.stats.queryOptions());
  const clicks = useQuery(trpc.materials.admin.totalClicks.queryOptions());
  if (stats.isError) return <ErrorState title={<Trans>Could not load the listing statistics</Trans>} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const n = (v: number | undefined) => (s ? fmt.number(v ?? 0) : null);
  return (
    <section aria-label={t`Listing statistics`} className="stats__grid stats__grid--four">
      <StatCard icon="boxes" label={t`Listings in total`} value={n(s?.total)} testId="admin-stat-total" />
      <StatCard icon="check" label={t`Active listings`} value={n(s?.by_status.active)} />
      <StatCard icon="handshake" label={t`Donations`} value={n(s?.by_kind.donation)} />
      <StatCard
        icon="cycle"
        label={t`Recommendation clicks`}
        value={clicks.data ? fmt.number(clicks.data.total_clicks) : null}
        testId="admin-stat-clicks"
      />
    </section>
  );
}

function AllListings() {
  const { t, i18n } = useLingui();
  const lang = useLanguage();
  const trpc = useTRPC();
  const fmt = useFormat();
  const listingColumns = useListingColumns<RouterOutputs['materials']['admin']['list']['items'][number]>();
  const { filters, setFilter, page, setPage, q } = useAdminListFilters({
    status: '' as ListingStatus | '',
    kind: '' as ListingKind | '',
    category: '' as ListingCategory | '',
    q: '',
  });
  const { status, kind, category } = filters;
  const size = LIMITS.defaultPageSize;
  const list = useQuery({
    ...trpc.materials.admin.list.queryOptions({
      page,
      size,
      status: status || undefined,
      kind: kind || undefined,
      category: category || undefined,
      q,
    }),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const from = data && data.items.length ? fmt.number(page * size + 1) : fmt.number(0);
  const to = data ? fmt.number(page * size + data.items.length) : '';
  const total = data ? fmt.number(data.total) : '';
  return (
    <Card title={<Trans>All listings</Trans>}>
      <div className="admin-filters">
        <TextField label={t`Search titles`} type="search" value={filters.q} onChange={(e) => setFilter('q', e.target.value)} maxLength={100} />
        <SelectField label={t`Listing status`} value={status} onChange={(e) => setFilter('status', e.target.value as ListingStatus | '')}>
          <Options values={LISTING_STATUSES} labels={STATUS_LABELS} blank={t`All statuses`} />
        </SelectField>
        <SelectField label={t`Kind`} value={kind} onChange={(e) => setFilter('kind', e.target.value as ListingKind | '')}>
          <Options values={LISTING_KINDS} labels={KIND_LABELS} blank={t`All kinds`} />
        </SelectField>
        <SelectField label={t`Category`} value={category} onChange={(e) => setFilter('category', e.target.value as ListingCategory | '')}>
          <Options values={LISTING_CATEGORIES} labels={CATEGORY_LABELS} blank={t`All categories`} />
        </SelectField>
      </div>
      {list.isError && !data ? (
        <ErrorState title={<Trans>Could not load the listings</Trans>} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : (
        <div aria-busy={list.isFetching || undefined}>
          <Table
            caption={t`All listings`}
            rowKey={(m) => m.id}
            rows={data.items}
            empty={<Trans>No listings match these filters</Trans>}
            columns={[
              listingColumns.title((m) => (
                <>
                  {m.title}
                  <span className="cell-sub">{i18n._(KIND_LABELS[m.kind])}</span>
                </>
              )),
              { key: 'company', header: t`Company`, cell: (m) => m.company_name },
              listingColumns.category(),
              { key: 'quantity', header: t`Quantity`, align: 'end', cell: (m) => formatQuantity(lang, m.quantity, m.quantity_unit) },
              { key: 'place', header: t`Place`, cell: (m) => [m.city, m.country].filter(Boolean).join(', ') },
              { key: 'status', header: t`Listing status`, cell: (m) => <StatusChip status={m.status} /> },
              listingColumns.posted(),
            ]}
          />
          <div className="pager spread">
            <p className="pagination__summary">
              <Trans>
                Showing {from}–{to} of {total}
              </Trans>
            </p>
            <div className="pager__buttons">
              <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
                <Trans>Previous</Trans>
              </Button>
              <Button size="sm" variant="secondary" disabled={page >= data.totalPages - 1} onClick={() => setPage(page + 1)}>
                <Trans>Next</Trans>
              </Button>
            </div>
          </div>
        </div>
      )}
    </Card>
  );
}

const REQUEST_STATUS: Record<'pending' | 'granted' | 'denied', MessageDescriptor> = {
  pending: msg`Pending`,
  granted: msg`Granted`,
  denied: msg`Denied`,
};

function AccessRequests() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const [status, setStatus] = useState<'pending' | 'granted' | 'denied' | ''>('pending');
  const list = useQuery(trpc.materials.admin.bulkAccessRequests.queryOptions({ status: status || undefined, page: 0, size: 50 }));
  const review = useMutation(trpc.materials.admin.reviewBulkAccess.mutationOptions());
  const decide = async (id: number, decision: 'grant' | 'deny') => {
    try {
      await review.mutateAsync({ id, decision });
      showSnackbar(decision === 'grant' ? msg`Bulk upload access granted` : msg`Bulk upload access denied`);
      await qc.invalidateQueries({ queryKey: trpc.materials.admin.bulkAccessRequests.pathKey() });
    } catch (e) {
      showSnackbar(errorText(i18n, e), { tone: 'error' });
    }
  };
  // The label names the company too, for a screen reader going down the column.
  const decideButton = (r: { id: number; company_name: string }, decision: 'grant' | 'deny', label: string, variant?: ButtonProps['variant']) => (
    <Button
      size="sm"
      variant={variant}
      onClick={() => void decide(r.id, decision)}
      disabled={review.isPending}
      aria-label={`${label}: ${r.company_name}`}
    >
      {label}
    </Button>
  );
  return (
    <Card title={<Trans>Bulk upload access requests</Trans>}>
      <div className="admin-filters admin-filters--one">
        <SelectField label={t`Request status`} value={status} onChange={(e) => setStatus(e.target.value as typeof status)} className="field--inline">
          <Options values={['pending', 'granted', 'denied'] as const} labels={REQUEST_STATUS} blank={t`All`} />
        </SelectField>
      </div>
      {list.isError ? (
        <ErrorState title={<Trans>Could not load the access requests</Trans>} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <LoadingState />
      ) : (
        <Table
          caption={t`Bulk upload access requests`}
          rowKey={(r) => r.id}
          rows={list.data.items}
          empty={<Trans>No requests</Trans>}
          columns={[
            { key: 'company', header: t`Company`, cell: (r) => r.company_name },
            { key: 'date', header: t`Requested`, cell: (r) => fmt.dateTime(r.created_at) },
            {
              key: 'status',
              header: t`Request status`,
              cell: (r) => <span className={`tag tag--status tag--${r.status}`}>{i18n._(REQUEST_STATUS[r.status])}</span>,
            },
            {
              key: 'actions',
              header: t`Actions`,
              cell: (r) =>
                r.status === 'pending' ? (
                  <div className="row-actions">
                    {decideButton(r, 'grant', t`Grant`)}
                    {decideButton(r, 'deny', t`Deny`, 'secondary')}
                  </div>
                ) : (
                  '–'
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
