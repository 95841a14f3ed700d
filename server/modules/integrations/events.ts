// Domain events as webhook events (docs/integrations.md "Events"), queued in the transaction that raised them.
import type { Deps } from '../../deps';
import type { OfferEvent } from '../../lib/events';
import { emitWebhook } from './service';
import { toMajor } from '../../../shared/lib/money';

const offerData = (e: OfferEvent) => ({
  offer_id: e.offer_id,
  listing_id: e.material_id,
  title: e.title,
  offering_company: { id: e.offering_company_id, name: e.offering_company_name },
  listing_company: { id: e.listing_company_id, name: e.listing_company_name },
});

export function registerIntegrationListeners(deps: Deps): () => void {
  const offs = [
    // The listing's company receives the offer.
    deps.events.on('offer.created', (tx, e) => emitWebhook(tx, [e.listing_company_id], 'offer.received', offerData(e))),
    // Both companies hear how an offer ended: the one that made it and the one that decided.
    deps.events.on('offer.accepted', (tx, e) =>
      emitWebhook(tx, [e.offering_company_id, e.listing_company_id], 'offer.accepted', { ...offerData(e), synergy_id: e.exchange_id }),
    ),
    // A counter is news to both sides' systems: the terms on the table and whose turn it is now.
    deps.events.on('offer.countered', (tx, e) =>
      emitWebhook(tx, [e.offering_company_id, e.listing_company_id], 'offer.countered', {
        ...offerData(e),
        by: e.by,
        round: e.round,
        quantity: e.quantity,
        unit_price: toMajor(e.unit_price_minor),
        currency: e.currency,
        message: e.message,
      }),
    ),
    deps.events.on('offer.rejected', (tx, e) =>
      emitWebhook(tx, [e.offering_company_id, e.listing_company_id], 'offer.rejected', { ...offerData(e), reason: e.reason }),
    ),
    deps.events.on('exchange.completed', (tx, e) =>
      emitWebhook(tx, [e.by_company_id, e.other_company_id], 'synergy.completed', {
        synergy_id: e.exchange_id,
        title: e.title,
        successful: e.successful,
        ended_by_company: { id: e.by_company_id, name: e.by_company_name },
      }),
    ),
    deps.events.on('trip.changed', async (tx, e) => {
      const type = e.change === 'scheduled' ? 'trip.scheduled' : e.change === 'delivered' && e.status === 'COMPLETED' ? 'trip.completed' : null;
      if (!type) return;
      const companies = [e.provider_company_id, e.requester_company_id].filter((id): id is number => id !== null);
      await emitWebhook(tx, companies, type, {
        trip_id: e.trip_id,
        synergy_id: e.exchange_id,
        title: e.title,
        status: e.status,
        event_date: e.event_date,
        start_time: e.start_time,
        driver_name: e.driver_name,
      });
    }),
    deps.events.on('donation.changed', async (tx, e) => {
      const type = e.action === 'approve' ? 'donation.approved' : e.action === 'deny' ? 'donation.denied' : null;
      if (!type) return;
      await emitWebhook(tx, [e.company_id], type, {
        donation_id: e.donation_id,
        title: e.title,
        status: e.status,
        ...(type === 'donation.denied' ? { reason: e.deny_reason } : {}),
      });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
