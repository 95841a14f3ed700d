// /pending-offers and /synergies: one page, two tabs (SPEC §2). The pending-offers tab belongs to the offers
// feature: it comes in through `slots` (composed in app/pages.ts, since features do not import features).
// Offers and synergies follow the socket: a new offer, a changed pending-offers count or an offer, synergy or trip
// notification refetches them, and so does a reconnect (frames may have been missed).
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Card, PageHeader } from '@/components/ui/Card';
import { Tabs } from '@/components/ui/Tabs';
import { to } from '@/config/paths';
import { useRealtimeEvent, useRealtimeReconnect } from '@/hooks/useRealtime';
import { useTRPC } from '@/lib/trpc';
import { SynergiesList } from '../components/SynergiesList';
import '../exchanges.css';

type Tab = 'pending' | 'synergies';

export function SynergiesPage({ tab, slots }: { tab: Tab; slots: { pending: ReactNode } }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const exchange = Number(params.get('exchange'));
  const highlightId = Number.isInteger(exchange) && exchange > 0 ? exchange : null;
  useLiveRefresh();

  return (
    <>
      <PageHeader title={<Trans>Synergies</Trans>} description={<Trans>Offers waiting for an answer and the exchanges you are part of.</Trans>} />
      <Card className="synergies-page">
        <Tabs
          label={t`Synergy sections`}
          selected={tab}
          onSelect={(id) => navigate(id === 'pending' ? to.pendingOffers() : '/synergies', { replace: true })}
          items={[
            { id: 'pending', label: t`Pending offers` },
            { id: 'synergies', label: t`Synergies` },
          ]}
        >
          {tab === 'pending' ? slots.pending : <SynergiesList highlightId={highlightId} />}
        </Tabs>
      </Card>
    </>
  );
}

function useLiveRefresh() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const offers = () => void qc.invalidateQueries({ queryKey: trpc.offers.pathKey() });
  const synergies = () => void qc.invalidateQueries({ queryKey: trpc.exchanges.pathKey() });
  useRealtimeEvent('newOffer', offers);
  useRealtimeEvent('pendingOffersNumber', offers);
  useRealtimeEvent('newNotification', (n) => {
    // An offer decided by the other company, or a synergy they ended or rated.
    if (n.type === 'offers') {
      offers();
      synergies();
    }
    // A synergy ended or rated, or its trip scheduled, changed, started, delivered or cancelled (the card's trip block).
    if (n.type === 'synergies' || n.type === 'trips') synergies();
  });
  useRealtimeEvent('resync', ({ event }) => {
    if (event === 'newOffer' || event === 'pendingOffersNumber') offers();
    if (event === 'newNotification') {
      offers();
      synergies();
    }
  });
  useRealtimeReconnect(() => {
    offers();
    synergies();
  });
}
