// The marketplace's three screens side by side: what is offered (the database), what others need near you, and what
// your company needs. Links, so each screen keeps its own URL and the back button.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import './listing.css';

export type MarketTab = 'database' | 'near' | 'mine';

export function MarketTabs({ current }: { current: MarketTab }) {
  const { t } = useLingui();
  const tabs: { id: MarketTab; href: string; label: ReactNode }[] = [
    { id: 'database', href: '/database', label: <Trans>Offered materials</Trans> },
    { id: 'near', href: '/needs/near', label: <Trans>Needs near you</Trans> },
    { id: 'mine', href: '/needs', label: <Trans>My needs</Trans> },
  ];
  return (
    <nav className="market-tabs" aria-label={t`Marketplace`} data-testid="market-tabs">
      {tabs.map((tab) => (
        <Link key={tab.id} href={tab.href} className="market-tabs__link" aria-current={tab.id === current ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
