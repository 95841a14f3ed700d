import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { EmptyState } from '@/components/ui/States';
import { AuthCard } from '../components/AuthCard';

/** Layout and heading; the registration form is built with issue 4. */
export function RegisterPage({ variant = 'standard' }: { params?: Record<string, string>; variant?: 'standard' | 'bank_partner' }) {
  return (
    <AuthCard
      wide
      title={variant === 'bank_partner' ? <Trans>Register with a bank partner</Trans> : <Trans>Register your company</Trans>}
      subtitle={<Trans>Join companies that keep materials in use and out of landfill.</Trans>}
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
      <EmptyState icon="building" title={<Trans>Company registration</Trans>}>
        <p>
          <Trans>Registration asks for your personal details, your company and its address, what you are interested in, what you can offer and what you expect from the marketplace. An administrator approves each new company before its first login.</Trans>
        </p>
      </EmptyState>
    </AuthCard>
  );
}
