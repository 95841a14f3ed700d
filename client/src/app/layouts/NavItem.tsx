import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Icon, type IconName } from '@/components/ui/Icon';

/**
 * A navigation link that marks the current page with aria-current. With an icon, the label sits in its own span so
 * the bar can show the icon alone where space is short (layout.css); the label then stays the link's accessible name
 * (visually hidden, never aria-label) and `title` gives sighted mouse users the same words.
 */
export function NavItem({
  href,
  children,
  onNavigate,
  exact = false,
  icon,
  title,
}: {
  href: string;
  children: ReactNode;
  onNavigate?: () => void;
  exact?: boolean;
  icon?: IconName;
  title?: string;
}) {
  const [location] = useLocation();
  const current = exact ? location === href : location === href || location.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      className={icon ? 'nav-link nav-link--icon' : 'nav-link'}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
      title={title}
    >
      {icon ? (
        <>
          <Icon name={icon} size={20} className="nav-link__icon" />
          <span className="nav-link__label">{children}</span>
        </>
      ) : (
        children
      )}
    </Link>
  );
}
