import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LanguageSelect } from '@/components/LanguageSelect';
import { Icon } from '@/components/ui/Icon';
import { LogoMark } from '@/components/ui/Logo';
import type { Layout } from '@/config/paths';
import { useDriverLogout } from '@/hooks/useLogout';
import { useDriverSession } from '@/lib/driverSession';
import { useSession } from '@/lib/session';
import { AdminBar } from './AdminBar';
import { AppBar } from './AppBar';
import { Footer } from './Footer';
import { PublicBar } from './PublicBar';

function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      <Trans>Skip to content</Trans>
    </a>
  );
}

function Main({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <main id="main" tabIndex={-1} className={`main container${wide ? ' container--wide' : ''}`}>
      {children}
    </main>
  );
}

/** Public pages use the bar of whoever is looking: visitor, company user or administrator. */
function PublicLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  const bar = !session ? <PublicBar /> : session.user.role === 'ADMIN' ? <AdminBar /> : <AppBar session={session} />;
  return (
    <div className="shell">
      <SkipLink />
      {bar}
      <Main>{children}</Main>
      <Footer />
    </div>
  );
}

function AppLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return null;
  return (
    <div className="shell">
      <SkipLink />
      <AppBar session={session} />
      <Main>{children}</Main>
      <Footer />
    </div>
  );
}

function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="shell shell--admin">
      <SkipLink />
      <AdminBar />
      <Main wide>{children}</Main>
    </div>
  );
}

/** Mobile-first driver app: one app bar with logout; errors go to a 5 s snackbar (SPEC §2, §9). */
function DriverLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const driver = useDriverSession();
  const logout = useDriverLogout();
  return (
    <div className="shell shell--driver">
      <SkipLink />
      <header className="appbar">
        <div className="appbar__inner">
          <Link href={driver ? '/driver' : '/driver/login'} className="appbar__brand">
            <LogoMark size={28} />
            <span>
              <Trans>Synergy Driver</Trans>
            </span>
          </Link>
          <div className="appbar__tools">
            <LanguageSelect compact tone="dark" />
            {driver ? (
              <button
                type="button"
                className="icon-btn icon-btn--dark"
                aria-label={t`Log out`}
                title={t`Log out`}
                onClick={logout}
                data-testid="driver-logout"
              >
                <Icon name="logout" />
              </button>
            ) : null}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="main main--driver">
        {children}
      </main>
    </div>
  );
}

export function LayoutFor({ layout, children }: { layout: Layout; children: ReactNode }) {
  switch (layout) {
    case 'public':
      return <PublicLayout>{children}</PublicLayout>;
    case 'app':
      return <AppLayout>{children}</AppLayout>;
    case 'admin':
      return <AdminLayout>{children}</AdminLayout>;
    case 'driver':
      return <DriverLayout>{children}</DriverLayout>;
  }
}
