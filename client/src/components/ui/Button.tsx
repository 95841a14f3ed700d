import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';
import { Spinner } from './States';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';

const cls = (variant: Variant, size: Size, block?: boolean, extra?: string) =>
  ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '', extra ?? ''].filter(Boolean).join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  block,
  loading,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button type={type} className={cls(variant, size, block, className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Spinner size={16} /> : icon}
      <span>{children}</span>
    </button>
  );
}

export function ButtonLink({
  href,
  variant = 'primary',
  size = 'md',
  block,
  className,
  children,
  icon,
}: {
  href: string;
  variant?: Variant;
  size?: Size;
  block?: boolean;
  className?: string;
  children: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Link href={href} className={cls(variant, size, block, className)}>
      {icon}
      <span>{children}</span>
    </Link>
  );
}

export function IconButton({ label, children, dot, className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; dot?: boolean }) {
  return (
    <button type="button" className={['icon-btn', className ?? ''].join(' ')} aria-label={label} title={label} {...rest}>
      {children}
      {dot ? <span className="dot" aria-hidden="true" /> : null}
    </button>
  );
}
