// An account's role in the reader's language (several features show people).
import { Trans } from '@lingui/react/macro';

export function RoleLabel({ role }: { role: string }) {
  if (role === 'MANAGER') return <Trans>Manager</Trans>;
  if (role === 'ADMIN') return <Trans>Administrator</Trans>;
  return <Trans>Member</Trans>;
}
