import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { AuthCard } from '../components/AuthCard';
import { LoginForm } from '../components/LoginForm';

export function AdminLoginPage() {
  return (
    <AuthCard
      title={<Trans>Administrator login</Trans>}
      subtitle={<Trans>For platform administrators only.</Trans>}
      footer={
        <p>
          <Trans>
            Company user?{' '}
            <Link href="/login" className="text-link">
              Go to the company login
            </Link>
          </Trans>
        </p>
      }
    >
      <LoginForm admin />
    </AuthCard>
  );
}
