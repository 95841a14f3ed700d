import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { LanguageSelect } from '@/components/LanguageSelect';
import { Button } from '@/components/ui/Button';
import { Icon } from '@/components/ui/Icon';
import { Logo } from '@/components/ui/Logo';
import { useLogout } from '@/hooks/useLogout';
import { MenuLogoutButton, NavLinks, type NavLink } from './BarParts';
import { MobileMenu } from './MobileMenu';
import { NavItem } from './NavItem';

/** The administration's pages, in the desktop bar's second row and the mobile menu. */
const ADMIN_LINKS: readonly NavLink[] = [
  { href: '/admin/users', label: msg`User Management` },
  { href: '/admin/offerings', label: msg`Offerings` },
  { href: '/admin/companies', label: msg`Companies` },
  { href: '/admin/statistics', label: msg`Statistics` },
  { href: '/admin/queries', label: msg`Queries` },
  { href: '/admin/categories', label: msg`Categories` },
  { href: '/admin/donations', label: msg`Donations` },
  { href: '/admin/subscription-plans', label: msg`Subscription Plans` },
  { href: '/admin/trips', label: msg`Trips` },
  { href: '/admin/drivers', label: msg`Drivers` },
  { href: '/admin/vehicles', label: msg`Vehicles` },
  { href: '/admin/newsletter', label: msg`Newsletter` },
  { href: '/admin/outbox', label: msg`Outbox` },
  { href: '/admin/jobs', label: msg`Jobs` },
  { href: '/admin/audit-log', label: msg`Audit log` },
];

/** SPEC §2 admin bar. */
export function AdminBar() {
  const { t } = useLingui();
  const logout = useLogout();
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
                <NavLinks links={ADMIN_LINKS} close={close} />
                <MenuLogoutButton close={close} logout={() => logout('/admin/login')}>
                  <Trans>Logout</Trans>
                </MenuLogoutButton>
              </>
            )}
          </MobileMenu>
        </div>
      </div>
      <div className="admin-nav desktop-only">
        <nav aria-label={t`Administration`} className="container container--wide admin-nav__inner">
          <NavLinks links={ADMIN_LINKS} />
        </nav>
      </div>
    </header>
  );
}
