import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { AuthCard } from '../components/AuthCard';
import { LoginForm } from '../components/LoginForm';

export function LoginPage() {
  return (
    <AuthCard
      title={<Trans>Log in</Trans>}
      subtitle={<Trans>Welcome back. Sign in to your company account.</Trans>}
      footer={
        <p>
          <Trans>
            New to the marketplace?{' '}
            <Link href="/register" className="text-link">
              Register your company
            </Link>
          </Trans>
        </p>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
