import type { HTMLAttributes, ReactNode } from 'react';

export function Card({
  title,
  actions,
  children,
  className,
  as: As = 'section',
  ...rest
}: { title?: ReactNode; actions?: ReactNode; as?: 'section' | 'div' | 'article' } & Omit<HTMLAttributes<HTMLElement>, 'title'>) {
  return (
    <As className={['card', className ?? ''].join(' ')} {...rest}>
      {title || actions ? (
        <header className="card__header">
          {title ? <h2 className="card__title">{title}</h2> : null}
          {actions ? <div className="card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </As>
  );
}

export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header spread spread--bottom">
      <div>
        <h1 className="page-header__title" id="page-title" tabIndex={-1}>
          {title}
        </h1>
        {description ? <p className="page-header__desc">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}
