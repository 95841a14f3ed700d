import { Trans } from '@lingui/react/macro';
import { ScreenShell } from '@/components/ScreenShell';

export function DonationsDashboardPage() {
  return (
    <ScreenShell title={<Trans>Donations dashboard</Trans>} description={<Trans>The environmental and social impact of donations.</Trans>} icon="leaf" emptyTitle={<Trans>Donation impact</Trans>}>
      <p>
        <Trans>Environmental impact, donation metrics, top donors and a feed of recent donations.</Trans>
      </p>
    </ScreenShell>
  );
}
