import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSelect } from '@/components/LanguageSelect';
import { ButtonLink } from '@/components/ui/Button';
import { BrandLink, NavLinks, type NavLink } from './BarParts';
import { MobileMenu } from './MobileMenu';

const PUBLIC_LINKS: readonly NavLink[] = [
  { href: '/help', label: msg`Help` },
  { href: '/login', label: msg`Log in` },
];
/** A button in the desktop bar, a link like the others in the mobile menu. */
const REGISTER_LINK: NavLink = { href: '/register', label: msg`Register` };

export function PublicBar() {
  const { t } = useLingui();
  return (
    <header className="topbar">
      <div className="container topbar__inner">
        <BrandLink href="/" label={t`Synergy Marketplace, home`} />
        <nav aria-label={t`Main`} className="topbar__nav desktop-only">
          <NavLinks links={PUBLIC_LINKS} />
        </nav>
        <div className="topbar__tools">
          <LanguageSelect compact />
          <ButtonLink href="/register" size="sm" className="desktop-only">
            <Trans>Register</Trans>
          </ButtonLink>
          <MobileMenu>{(close) => <NavLinks links={[...PUBLIC_LINKS, REGISTER_LINK]} close={close} />}</MobileMenu>
        </div>
      </div>
    </header>
  );
}
