import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { LanguageSelect } from '@/components/LanguageSelect';
import { ButtonLink } from '@/components/ui/Button';
import { Logo } from '@/components/ui/Logo';
import { MobileMenu } from './MobileMenu';
import { NavItem } from './NavItem';

export function PublicBar() {
  const { t } = useLingui();
  return (
    <header className="topbar">
      <div className="container topbar__inner">
        <Link href="/" className="brand" aria-label={t`Synergy Marketplace, home`}>
          <Logo />
        </Link>
        <nav aria-label={t`Main`} className="topbar__nav desktop-only">
          <NavItem href="/help">
            <Trans>Help</Trans>
          </NavItem>
          <NavItem href="/login">
            <Trans>Log in</Trans>
          </NavItem>
        </nav>
        <div className="topbar__tools">
          <LanguageSelect compact />
          <ButtonLink href="/register" size="sm" className="desktop-only">
            <Trans>Register</Trans>
          </ButtonLink>
          <MobileMenu>
            {(close) => (
              <>
                <NavItem href="/help" onNavigate={close}>
                  <Trans>Help</Trans>
                </NavItem>
                <NavItem href="/login" onNavigate={close}>
                  <Trans>Log in</Trans>
                </NavItem>
                <NavItem href="/register" onNavigate={close}>
                  <Trans>Register</Trans>
                </NavItem>
              </>
            )}
          </MobileMenu>
        </div>
      </div>
    </header>
  );
}
