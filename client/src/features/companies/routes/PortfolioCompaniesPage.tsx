import { Trans } from '@lingui/react/macro';
import { ScreenShell } from '@/components/ScreenShell';

export function PortfolioCompaniesPage() {
  return (
    <ScreenShell title={<Trans>Portfolio companies</Trans>} description={<Trans>The companies in your group's portfolio.</Trans>} icon="building" emptyTitle={<Trans>Your portfolio</Trans>}>
      <p>
        <Trans>Each portfolio company is listed with its listings, synergies and impact, so the parent company can follow the whole group.</Trans>
      </p>
    </ScreenShell>
  );
}
