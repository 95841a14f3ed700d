import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Card, PageHeader } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/States';
import { Tabs } from '@/components/ui/Tabs';

type Tab = 'requests' | 'accepted' | 'plans';

/** Admin panel: registration requests, accepted companies and plan approval (content with the admin issue). */
export function AdminPanelPage() {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('requests');
  return (
    <>
      <PageHeader title={<Trans>Admin panel</Trans>} description={<Trans>Approve new companies and manage their subscriptions.</Trans>} />
      <Card>
        <Tabs
          label={t`Admin panel sections`}
          selected={tab}
          onSelect={(id) => setTab(id as Tab)}
          items={[
            { id: 'requests', label: t`Registration requests` },
            { id: 'accepted', label: t`Accepted companies` },
            { id: 'plans', label: t`Subscription approval` },
          ]}
        >
          {tab === 'requests' ? (
            <EmptyState icon="building" title={<Trans>Registration requests</Trans>}>
              <p>
                <Trans>New companies wait here for approval. Approve one with or without a subscription plan, or reject it with a reason.</Trans>
              </p>
            </EmptyState>
          ) : tab === 'accepted' ? (
            <EmptyState icon="check" title={<Trans>Accepted companies</Trans>}>
              <p>
                <Trans>Approved companies with their onboarding dates and current subscription.</Trans>
              </p>
            </EmptyState>
          ) : (
            <EmptyState icon="lock" title={<Trans>Subscription approval</Trans>}>
              <p>
                <Trans>Assign, extend or start subscription plans, and see each company's subscription history.</Trans>
              </p>
            </EmptyState>
          )}
        </Tabs>
      </Card>
    </>
  );
}
