import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { LanguageSelect } from '@/components/LanguageSelect';
import { Avatar, initials } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { Icon } from '@/components/ui/Icon';
import { to } from '@/config/paths';
import { useConfig } from '@/hooks/useConfig';
import { useCounters } from '@/hooks/useCounters';
import { useLogout } from '@/hooks/useLogout';
import type { Session } from '@/lib/session';
import { BrandLink, MenuLogoutButton } from './BarParts';
import { MobileMenu } from './MobileMenu';
import { NavItem } from './NavItem';
import { NotificationsButton } from './NotificationsButton';

/** SPEC §2 authenticated bar. */
export function AppBar({ session }: { session: Session }) {
  const { t } = useLingui();
  const config = useConfig();
  const counters = useCounters();
  const logout = useLogout();
  const { user, company } = session;
  // Logout is hidden in demo mode (SPEC §2); hidden until the config says otherwise.
  const demo = config.isError ? false : (config.data?.demo_mode ?? true);
  const myCompany =
    user.role === 'MANAGER' ? '/account/manager-panel' : user.company_id != null ? to.company(user.company_id) : '/account/personal-info';
  const unread = counters.data?.unread_messages ?? 0;
  const unseen = counters.data?.unseen_notifications ?? 0;
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  // WCAG 2.5.3 (label in name): with no picture the initials are the avatar link's visible text, so its name starts with them.
  const shownInitials = initials(user.first_name, user.last_name, user.username);
  const avatarLabel = user.image_url ? t`Personal info: ${fullName}` : t`${shownInitials}, personal info: ${fullName}`;

  const links = (close?: () => void) => (
    <>
      <NavItem href="/dashboard" onNavigate={close} icon="dashboard" title={close ? undefined : t`Dashboard`}>
        <Trans>Dashboard</Trans>
      </NavItem>
      <NavItem href={myCompany} onNavigate={close} icon="building" title={close ? undefined : t`My company`}>
        <Trans>My company</Trans>
      </NavItem>
      <NavItem href="/database" onNavigate={close} icon="boxes" title={close ? undefined : t`Database`}>
        <Trans>Database</Trans>
      </NavItem>
      {user.donations_dashboard_access ? (
        <NavItem href="/donations-dashboard" onNavigate={close} icon="heart" title={close ? undefined : t`Donations dashboard`}>
          <Trans>Donations dashboard</Trans>
        </NavItem>
      ) : null}
      {company?.is_parent_company ? (
        <NavItem href="/portfolio-companies" onNavigate={close} icon="briefcase" title={close ? undefined : t`Portfolio companies`}>
          <Trans>Portfolio companies</Trans>
        </NavItem>
      ) : null}
    </>
  );

  return (
    <header className="topbar">
      <div className="container topbar__inner topbar__inner--app">
        <BrandLink href="/dashboard" label={t`Synergy Marketplace, dashboard`} />
        <nav aria-label={t`Main`} className="topbar__nav desktop-only">
          {links()}
        </nav>
        <div className="topbar__tools">
          <Link
            href="/messages"
            className="icon-btn"
            aria-label={unread > 0 ? t`Messages (unread messages)` : t`Messages`}
            title={t`Messages`}
            data-testid="messages-button"
          >
            <Icon name="chat" />
            {unread > 0 ? <span className="dot" aria-hidden="true" data-testid="messages-dot" /> : null}
          </Link>
          <NotificationsButton unseen={unseen} />
          <span className="desktop-only">
            <LanguageSelect compact />
          </span>
          <Link href="/account/personal-info" className="avatar-link" aria-label={avatarLabel} title={fullName}>
            <Avatar imageUrl={user.image_url} first={user.first_name} last={user.last_name} fallback={user.username} />
          </Link>
          {!demo ? (
            <Button
              variant="ghost"
              size="sm"
              className="desktop-only topbar__logout"
              title={t`Log out`}
              icon={<Icon name="logout" size={18} />}
              onClick={() => logout()}
              data-testid="logout"
            >
              <Trans>Log out</Trans>
            </Button>
          ) : null}
          <MobileMenu>
            {(close) => (
              <>
                {links(close)}
                <NavItem href="/account/personal-info" onNavigate={close} icon="person">
                  <Trans>Personal info</Trans>
                </NavItem>
                <div className="sheet-nav__row">
                  <LanguageSelect />
                </div>
                {!demo ? (
                  <MenuLogoutButton close={close} logout={() => logout()}>
                    <Trans>Log out</Trans>
                  </MenuLogoutButton>
                ) : null}
              </>
            )}
          </MobileMenu>
        </div>
      </div>
    </header>
  );
}
