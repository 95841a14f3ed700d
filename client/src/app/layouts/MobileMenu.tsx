import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { Icon } from '@/components/ui/Icon';

/** The bar's menu on narrow screens: a modal sheet (focus trapped, Escape closes). */
export function MobileMenu({ children, tone = 'light' }: { children: (close: () => void) => ReactNode; tone?: 'light' | 'dark' }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className={`icon-btn mobile-only icon-btn--${tone}`}
        data-testid="menu-button"
        aria-label={t`Open menu`}
        title={t`Open menu`}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Icon name="menu" />
      </button>
      <Dialog open={open} onClose={close} title={t`Menu`} closeLabel={t`Close menu`} className="dialog--sheet">
        <nav aria-label={t`Menu`} className="sheet-nav">
          {open ? children(close) : null}
        </nav>
      </Dialog>
    </>
  );
}
