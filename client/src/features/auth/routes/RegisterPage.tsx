import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ButtonLink } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Icon } from '@/components/ui/Icon';
import { AuthCard } from '../components/AuthCard';
import { RegisterForm, type RegistrationVariant } from '../components/RegisterForm';

/** /register and /register/bank-partner: the form, then the thank-you dialog (SPEC §1). */
export function RegisterPage({ variant = 'standard' }: { params?: Record<string, string>; variant?: RegistrationVariant }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [done, setDone] = useState(false);
  return (
    <AuthCard
      wide
      title={variant === 'bank_partner' ? <Trans>Register with a bank partner</Trans> : <Trans>Register your company</Trans>}
      subtitle={
        <Trans>
          Join companies that keep materials in use and out of landfill. An administrator approves each new company before its first login.
        </Trans>
      }
      footer={
        <p>
          <Trans>
            Already registered?{' '}
            <Link href="/login" className="text-link">
              Log in
            </Link>
          </Trans>
        </p>
      }
    >
      {done ? (
        <p className="muted" role="status">
          <Trans>Your registration has been sent.</Trans>
        </p>
      ) : (
        <RegisterForm
          variant={variant}
          onRegistered={() => {
            setDone(true);
            // The long form gives way to one line: bring the page heading back into view behind the dialog.
            window.scrollTo(0, 0);
          }}
        />
      )}
      <Dialog
        open={done}
        onClose={() => navigate('/login')}
        title={<Trans>Thank you for registering!</Trans>}
        closeLabel={t`Close`}
        className="thank-you"
      >
        <div className="thank-you__body">
          <span className="icon-tile state__icon">
            <Icon name="check" size={28} />
          </span>
          <p>
            <Trans>
              We have received your registration. An administrator will review it shortly, and we will email you as soon as your company is approved.
              Until then you cannot log in.
            </Trans>
          </p>
          <ButtonLink href="/login" block>
            <Trans>Go to the login page</Trans>
          </ButtonLink>
        </div>
      </Dialog>
    </AuthCard>
  );
}
