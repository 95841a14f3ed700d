import { Trans } from '@lingui/react/macro';
import { ScreenShell } from '@/components/ScreenShell';

export function MaterialPage() {
  return (
    <ScreenShell title={<Trans>Material</Trans>} icon="boxes" emptyTitle={<Trans>Listing details</Trans>}>
      <p>
        <Trans>A listing shows its photos, description, quantity, frequency, condition, the company that provides it and its sub-listings, with a button to make an offer.</Trans>
      </p>
    </ScreenShell>
  );
}
