import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Card, PageHeader } from '@/components/ui/Card';
import { Tabs } from '@/components/ui/Tabs';
import { AcceptedCompanies } from '../components/AcceptedCompanies';
import { RegistrationRequests } from '../components/RegistrationRequests';
import { SubscriptionApproval } from '../components/SubscriptionApproval';

type Tab = 'requests' | 'accepted' | 'plans';

/** Admin panel (SPEC §2): registration requests, accepted companies with onboarding dates, plan approval. */
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
          {tab === 'requests' ? <RegistrationRequests /> : tab === 'accepted' ? <AcceptedCompanies /> : <SubscriptionApproval />}
        </Tabs>
      </Card>
    </>
  );
}
