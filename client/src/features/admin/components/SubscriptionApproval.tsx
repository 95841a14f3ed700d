// Admin panel, third tab. SPEC §2 names "subscription plan approval" without saying more. Our reading: the
// approved companies whose plan needs an administrator's decision, i.e. without a running plan (inactive or
// expired) or running out (expires very soon, expiring soon), most urgent first, each with the assign and
// extend actions. Companies with an active plan and more than 30 days left are not listed.
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { SubscriptionSummary } from '@/components/subscription/SubscriptionStatus';
import { Table } from '@/components/ui/Table';
import { ActionDialogs, SubscriptionActions, type SubscriptionAction } from './AcceptedCompanies';
import { PagedList } from '@/components/ui/PagedList';
import { COMPANIES_PAGE_SIZE, useApprovedCompanies } from './useApprovedCompanies';

export function SubscriptionApproval() {
  const [page, setPage] = useState(0);
  const list = useApprovedCompanies({ page, toReview: true });
  const [action, setAction] = useState<SubscriptionAction | null>(null);
  return (
    <>
      <PagedList list={list} error={<Trans>The companies could not be loaded.</Trans>} page={page} size={COMPANIES_PAGE_SIZE} onPage={setPage}>
        {(data) => (
          <>
            <p className="muted">
              <Trans>Companies without a running plan, or whose plan ends within 30 days. Assign them a plan or extend the current one.</Trans>
            </p>
            <Table
              caption={<Trans>Plans to review ({data.total})</Trans>}
              rows={data.items}
              rowKey={(r) => r.id}
              empty={<Trans>Every company has a plan with more than 30 days left.</Trans>}
              columns={[
                { key: 'company', header: <Trans>Company</Trans>, cell: (r) => <strong>{r.name}</strong> },
                { key: 'subscription', header: <Trans>Subscription</Trans>, cell: (r) => <SubscriptionSummary sub={r.subscription} /> },
                { key: 'actions', header: <Trans>Actions</Trans>, cell: (r) => <SubscriptionActions row={r} onAction={setAction} /> },
              ]}
            />
          </>
        )}
      </PagedList>
      <ActionDialogs action={action} onClose={() => setAction(null)} />
    </>
  );
}
