import { Trans } from '@lingui/react/macro';
import { ScreenShell } from '@/components/ScreenShell';

export function CompanyPage() {
  return (
    <ScreenShell title={<Trans>Company</Trans>} icon="building" emptyTitle={<Trans>Company profile</Trans>}>
      <p>
        <Trans>A company page shows what the company does, its active listings, its reviews and the impact of its completed synergies.</Trans>
      </p>
    </ScreenShell>
  );
}
