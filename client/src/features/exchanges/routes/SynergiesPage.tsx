import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { Card, PageHeader } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/States';
import { Tabs } from '@/components/ui/Tabs';

type Tab = 'pending' | 'synergies';

/** /pending-offers and /synergies: the same page with a different initial tab (SPEC §2). */
export function SynergiesPage({ tab }: { tab: Tab }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  return (
    <>
      <PageHeader title={<Trans>Synergies</Trans>} description={<Trans>Offers waiting for an answer and the exchanges you are part of.</Trans>} />
      <Card>
        <Tabs
          label={t`Synergy sections`}
          selected={tab}
          onSelect={(id) => navigate(id === 'pending' ? '/pending-offers' : '/synergies', { replace: true })}
          items={[
            { id: 'pending', label: t`Pending offers` },
            { id: 'synergies', label: t`Synergies` },
          ]}
        >
          {tab === 'pending' ? (
            <EmptyState icon="handshake" title={<Trans>Offers on your listings</Trans>}>
              <p>
                <Trans>Offers other companies make on your listings wait here until you accept or reject them. Accepting an offer starts a synergy.</Trans>
              </p>
            </EmptyState>
          ) : (
            <EmptyState icon="cycle" title={<Trans>Your synergies</Trans>}>
              <p>
                <Trans>Each synergy has a chat, its status and, once it ends, a rating and the kilograms and CO2e it kept out of landfill.</Trans>
              </p>
            </EmptyState>
          )}
        </Tabs>
      </Card>
    </>
  );
}
