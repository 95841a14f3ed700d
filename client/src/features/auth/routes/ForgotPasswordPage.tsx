import { Trans } from '@lingui/react/macro';
import { ButtonLink } from '@/components/ui/Button';
import { useConfig } from '@/hooks/useConfig';
import { AuthCard } from '../components/AuthCard';

/** PRODUCT: the forgot page tells the user to ask the administrator for a reset link. */
export function ForgotPasswordPage() {
  const config = useConfig();
  const email = config.data?.support_email;
  return (
    <AuthCard title={<Trans>Forgot password</Trans>} subtitle={<Trans>Passwords are reset by the platform administrator.</Trans>}>
      <div className="prose">
        <p>
          <Trans>
            Contact the administrator and tell them your username. They will send you a one-time link to choose a new password. The link works for 24
            hours.
          </Trans>
        </p>
        {email ? (
          <p>
            <Trans>
              Administrator email:{' '}
              <a className="text-link" href={`mailto:${email}`}>
                {email}
              </a>
            </Trans>
          </p>
        ) : null}
        <p>
          <Trans>You can also send your request through the contact form on the help page.</Trans>
        </p>
      </div>
      <div className="stack-sm">
        <ButtonLink href="/help" variant="secondary" block>
          <Trans>Contact us</Trans>
        </ButtonLink>
        <ButtonLink href="/login" variant="ghost" block>
          <Trans>Back to login</Trans>
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
