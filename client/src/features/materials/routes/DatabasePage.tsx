import { Trans } from '@lingui/react/macro';
import { ScreenShell } from '@/components/ScreenShell';

export function DatabasePage() {
  return (
    <ScreenShell
      title={<Trans>Materials database</Trans>}
      description={<Trans>By-products, surplus, waste and knowledge offered by companies near you.</Trans>}
      icon="boxes"
      emptyTitle={<Trans>Browse and search listings</Trans>}
    >
      <p>
        <Trans>Listings appear here with filters for category, material group and distance (within 5, 20 or 40 km, or further), together with recommendations that match your company's interests.</Trans>
      </p>
    </ScreenShell>
  );
}
