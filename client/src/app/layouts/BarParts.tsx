// What the public, company and admin bars share: the brand link home, a list of navigation links (the desktop
// bar's and the mobile menu's, from one list), and the mobile menu's log-out button, which closes the menu first.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import { Icon } from '@/components/ui/Icon';
import { Logo } from '@/components/ui/Logo';
import { NavItem } from './NavItem';

/** The logo, linking to the bar's home page; named by `label` (the logo's words and where it leads). */
export function BrandLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="brand" aria-label={label}>
      <Logo />
    </Link>
  );
}

export interface NavLink {
  href: string;
  label: MessageDescriptor;
}

/** The links in the order given; in the mobile menu, `close` shuts the menu when one is followed. */
export function NavLinks({ links, close }: { links: readonly NavLink[]; close?: () => void }) {
  const { i18n } = useLingui();
  return (
    <>
      {links.map((link) => (
        <NavItem key={link.href} href={link.href} onNavigate={close}>
          {i18n._(link.label)}
        </NavItem>
      ))}
    </>
  );
}

/** The mobile menu's log-out: the menu closes, then `logout` runs. */
export function MenuLogoutButton({ close, logout, children }: { close: () => void; logout: () => void; children: ReactNode }) {
  return (
    <Button
      variant="secondary"
      block
      icon={<Icon name="logout" size={18} />}
      onClick={() => {
        close();
        logout();
      }}
    >
      {children}
    </Button>
  );
}
