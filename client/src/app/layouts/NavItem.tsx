import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

/** A navigation link that marks the current page with aria-current. */
export function NavItem({ href, children, onNavigate, exact = false }: { href: string; children: ReactNode; onNavigate?: () => void; exact?: boolean }) {
  const [location] = useLocation();
  const current = exact ? location === href : location === href || location.startsWith(`${href}/`);
  return (
    <Link href={href} className="nav-link" aria-current={current ? 'page' : undefined} onClick={onNavigate}>
      {children}
    </Link>
  );
}
