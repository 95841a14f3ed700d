// Admin panel, third tab. SPEC §2 names "subscription plan approval" without saying more. Our reading: the
// approved companies whose plan needs an administrator's decision, i.e. without a running plan (inactive or
// expired) or running out (expires very soon, expiring soon), most urgent first, each with the assign and
// extend actions. Companies with an active plan and more than 30 days left are not listed.
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { SubscriptionStatus } from '@shared/constants/enums';
import { SubscriptionSummary } from '@/components/subscription/SubscriptionStatus';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { Table } from '@/components/ui/Table';
import { ActionDialogs, SubscriptionActions, type SubscriptionAction } from './AcceptedCompanies';
import { useApprovedCompanies } from './useApprovedCompanies';

const URGENCY: Partial<Record<SubscriptionStatus, number>> = { expired: 0, inactive: 1, expires_very_soon: 2, expiring_soon: 3 };

export function SubscriptionApproval() {
  const data = useApprovedCompanies();
  const [action, setAction] = useState<SubscriptionAction | null>(null);
  if (data.isPending) return <LoadingState />;
  if (data.isError) {
    return (
      <ErrorState onRetry={data.refetch}>
        <p>
          <Trans>The companies could not be loaded.</Trans>
        </p>
      </ErrorState>
    );
  }
  const rows = data.rows
    .filter((r) => r.subscription && URGENCY[r.subscription.status] !== undefined)
    .sort((a, b) => (URGENCY[a.subscription!.status] ?? 9) - (URGENCY[b.subscription!.status] ?? 9) || a.company.name.localeCompare(b.company.name));
  return (
    <>
      <p className="muted">
        <Trans>Companies without a running plan, or whose plan ends within 30 days. Assign them a plan or extend the current one.</Trans>
      </p>
      <Table
        caption={<Trans>Plans to review ({rows.length})</Trans>}
        rows={rows}
        rowKey={(r) => r.company.id}
        empty={<Trans>Every company has a plan with more than 30 days left.</Trans>}
        columns={[
          { key: 'company', header: <Trans>Company</Trans>, cell: (r) => <strong>{r.company.name}</strong> },
          { key: 'subscription', header: <Trans>Subscription</Trans>, cell: (r) => <SubscriptionSummary sub={r.subscription!} /> },
          { key: 'actions', header: <Trans>Actions</Trans>, cell: (r) => <SubscriptionActions row={r} onAction={setAction} /> },
        ]}
      />
      <ActionDialogs action={action} onClose={() => setAction(null)} />
    </>
  );
}
