import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { LanguageSelect } from '@/components/LanguageSelect';
import { Button } from '@/components/ui/Button';
import { Icon } from '@/components/ui/Icon';
import { Logo } from '@/components/ui/Logo';
import { useLogout } from '@/hooks/useLogout';
import { MobileMenu } from './MobileMenu';
import { NavItem } from './NavItem';

/** SPEC §2 admin bar. */
export function AdminBar() {
  const { t } = useLingui();
  const logout = useLogout();
  const links = (close?: () => void) => (
    <>
      <NavItem href="/admin/users" onNavigate={close}>
        <Trans>User Management</Trans>
      </NavItem>
      <NavItem href="/admin/offerings" onNavigate={close}>
        <Trans>Offerings</Trans>
      </NavItem>
      <NavItem href="/admin/companies" onNavigate={close}>
        <Trans>Companies</Trans>
      </NavItem>
      <NavItem href="/admin/statistics" onNavigate={close}>
        <Trans>Statistics</Trans>
      </NavItem>
      <NavItem href="/admin/queries" onNavigate={close}>
        <Trans>Queries</Trans>
      </NavItem>
      <NavItem href="/admin/categories" onNavigate={close}>
        <Trans>Categories</Trans>
      </NavItem>
      <NavItem href="/admin/donations" onNavigate={close}>
        <Trans>Donations</Trans>
      </NavItem>
      <NavItem href="/admin/subscription-plans" onNavigate={close}>
        <Trans>Subscription Plans</Trans>
      </NavItem>
      <NavItem href="/admin/trips" onNavigate={close}>
        <Trans>Trips</Trans>
      </NavItem>
      <NavItem href="/admin/drivers" onNavigate={close}>
        <Trans>Drivers</Trans>
      </NavItem>
      <NavItem href="/admin/vehicles" onNavigate={close}>
        <Trans>Vehicles</Trans>
      </NavItem>
      <NavItem href="/admin/newsletter" onNavigate={close}>
        <Trans>Newsletter</Trans>
      </NavItem>
      <NavItem href="/admin/outbox" onNavigate={close}>
        <Trans>Outbox</Trans>
      </NavItem>
      <NavItem href="/admin/jobs" onNavigate={close}>
        <Trans>Jobs</Trans>
      </NavItem>
      <NavItem href="/admin/audit-log" onNavigate={close}>
        <Trans>Audit log</Trans>
      </NavItem>
    </>
  );
  return (
    <header className="topbar topbar--admin">
      <div className="container container--wide topbar__inner">
        {/* Named by its visible words (WCAG 2.5.3), then where it leads. */}
        <Link href="/admin/panel" className="brand">
          <Logo subtitle={t`Admin`} />
          <span className="visually-hidden">, {t`Admin panel`}</span>
        </Link>
        <div className="topbar__tools">
          <LanguageSelect compact tone="dark" />
          <Button
            variant="ghost"
            size="sm"
            className="desktop-only btn--on-dark"
            icon={<Icon name="logout" size={18} />}
            onClick={() => logout('/admin/login')}
            data-testid="logout"
          >
            <Trans>Logout</Trans>
          </Button>
          <MobileMenu tone="dark">
            {(close) => (
              <>
                <NavItem href="/admin/panel" onNavigate={close} exact>
                  <Trans>Admin panel</Trans>
                </NavItem>
                {links(close)}
                <Button
                  variant="secondary"
                  block
                  icon={<Icon name="logout" size={18} />}
                  onClick={() => {
                    close();
                    logout('/admin/login');
                  }}
                >
                  <Trans>Logout</Trans>
                </Button>
              </>
            )}
          </MobileMenu>
        </div>
      </div>
      <div className="admin-nav desktop-only">
        <nav aria-label={t`Administration`} className="container container--wide admin-nav__inner">
          {links()}
        </nav>
      </div>
    </header>
  );
}
