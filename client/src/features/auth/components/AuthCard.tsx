import type { ReactNode } from 'react';
import { LogoMark } from '@/components/ui/Logo';

/** The centred card used by login, register and password pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`auth${wide ? ' auth--wide' : ''}`}>
      <div className="auth__card card">
        <div className="auth__mark">
          <LogoMark size={40} />
        </div>
        <h1 className="auth__title" id="page-title" tabIndex={-1}>
          {title}
        </h1>
        {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
        {children}
      </div>
      {footer ? <div className="auth__footer">{footer}</div> : null}
    </div>
  );
}
