import { Trans } from '@lingui/react/macro';
import { ScreenShell } from '@/components/ScreenShell';

export function MessagesPage() {
  return (
    <ScreenShell title={<Trans>Messages</Trans>} description={<Trans>Conversations with the companies you exchange with.</Trans>} icon="chat" emptyTitle={<Trans>Your conversations</Trans>}>
      <p>
        <Trans>Every synergy has its own chat with attachments. Unread conversations are marked in the top bar.</Trans>
      </p>
    </ScreenShell>
  );
}
