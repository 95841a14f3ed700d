import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '@/components/ui/Icon';

/** The bell: a dot while unseen notifications exist; opens a small panel (SPEC §9: max width 410 px). */
export function NotificationsButton({ unseen }: { unseen: number }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const label = unseen > 0 ? t`Notifications (unseen notifications)` : t`Notifications`;
  return (
    <div className="popover-wrap" ref={wrap}>
      <button type="button" className="icon-btn" aria-label={label} title={label} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} data-testid="notifications-button">
        <Icon name="bell" />
        {unseen > 0 ? <span className="dot" aria-hidden="true" data-testid="notifications-dot" /> : null}
      </button>
      {open ? (
        <div className="popover" id={panelId} role="region" aria-label={t`Notifications`}>
          <h2 className="popover__title">
            <Trans>Notifications</Trans>
          </h2>
          <p className="popover__body">
            {unseen > 0 ? (
              <Plural value={unseen} one="You have # unseen notification." other="You have # unseen notifications." />
            ) : (
              <Trans>You are all caught up. New offers, synergy updates and matching materials will appear here.</Trans>
            )}
          </p>
        </div>
      ) : null}
    </div>
  );
}
