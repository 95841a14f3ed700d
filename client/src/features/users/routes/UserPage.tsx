import { Trans } from '@lingui/react/macro';
import { ScreenShell } from '@/components/ScreenShell';

export function UserPage() {
  return (
    <ScreenShell title={<Trans>User profile</Trans>} icon="info" emptyTitle={<Trans>About this person</Trans>}>
      <p>
        <Trans>A user's public page shows their name, role in the company, a short bio and a way to reach them.</Trans>
      </p>
    </ScreenShell>
  );
}
