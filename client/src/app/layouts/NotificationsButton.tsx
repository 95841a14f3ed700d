import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { ChunkBoundary } from '@/components/ui/ChunkBoundary';
import { Icon } from '@/components/ui/Icon';
import { LoadingState } from '@/components/ui/States';
import { loadCatalogPart } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy';

// The list's code is fetched with its first page, when the menu is first opened (SPEC §4).
// The panel's code and its feature's messages (client/catalog-parts.ts), side by side.
const NotificationsPanel = lazyComponent(() =>
  Promise.all([
    import('@/features/notifications/components/NotificationsPanel').then((m) => m.NotificationsPanel),
    loadCatalogPart('notifications'),
  ]).then(([panel]) => panel),
);

/**
 * The bell: a dot while unseen notifications exist; opens the notifications dropdown (SPEC §9: 55vh high,
 * at most 410 px wide; full width under the bar on a phone). Once opened the panel stays mounted (hidden when
 * closed), so live notifications keep its list current.
 */
export function NotificationsButton({ unseen }: { unseen: number }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const toggle = () => {
    setOpened(true);
    setOpen((o) => !o);
  };
  const label = unseen > 0 ? t`Notifications (unseen notifications)` : t`Notifications`;
  return (
    <div className="popover-wrap" ref={wrap} onMouseEnter={() => void NotificationsPanel.preload()}>
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        data-testid="notifications-button"
      >
        <Icon name="bell" />
        {unseen > 0 ? <span className="dot" aria-hidden="true" data-testid="notifications-dot" /> : null}
      </button>
      {opened ? (
        <div
          className="popover notif-panel"
          id={panelId}
          role="region"
          aria-label={t`Notifications`}
          hidden={!open}
          data-testid="notifications-panel"
        >
          <ChunkBoundary fallback={<LoadingState />} errorTitle={t`Notifications could not be loaded`}>
            <NotificationsPanel open={open} unseen={unseen} onClose={() => setOpen(false)} />
          </ChunkBoundary>
        </div>
      ) : null}
    </div>
  );
}
