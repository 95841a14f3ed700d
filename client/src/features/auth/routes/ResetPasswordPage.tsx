import { Trans } from '@lingui/react/macro';
import { ButtonLink } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/States';
import { AuthCard } from '../components/AuthCard';

/** Layout and heading; the reset form (username + new password) is built with issue 4. */
export function ResetPasswordPage() {
  return (
    <AuthCard title={<Trans>Reset password</Trans>} subtitle={<Trans>Choose a new password with the link your administrator sent you.</Trans>}>
      <EmptyState icon="lock" title={<Trans>Set a new password</Trans>}>
        <p>
          <Trans>Here you enter your username and a new password of at least 8 characters. Each link can be used once.</Trans>
        </p>
      </EmptyState>
      <ButtonLink href="/login" variant="ghost" block>
        <Trans>Back to login</Trans>
      </ButtonLink>
    </AuthCard>
  );
}
