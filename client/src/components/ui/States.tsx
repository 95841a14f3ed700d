// Loading, empty and error states used by every screen.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export function Spinner({ size = 24 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}

export function LoadingState({ label }: { label?: ReactNode }) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <Spinner />
      <p>{label ?? <Trans>Loading…</Trans>}</p>
    </div>
  );
}

export function EmptyState({
  icon = 'leaf',
  title,
  children,
  action,
}: {
  icon?: IconName;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="state state--empty">
      <span className="icon-tile state__icon">
        <Icon name={icon} size={28} />
      </span>
      <h2 className="state__title">{title}</h2>
      {children ? <div className="state__body">{children}</div> : null}
      {action ? <div className="state__action">{action}</div> : null}
    </div>
  );
}

export function ErrorState({ title, children, onRetry }: { title?: ReactNode; children?: ReactNode; onRetry?: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <span className="icon-tile state__icon">
        <Icon name="alert" size={28} />
      </span>
      <h2 className="state__title">{title ?? <Trans>Something went wrong</Trans>}</h2>
      {children ? <div className="state__body">{children}</div> : null}
      {onRetry ? (
        <button type="button" className="btn btn--secondary btn--md" onClick={onRetry}>
          <span>
            <Trans>Try again</Trans>
          </span>
        </button>
      ) : null}
    </div>
  );
}
