// What an offer's events cause, in the transaction that raised them: notifications (and activity mail) for
// the other company, both companies' pending-offers counters, and the live `newOffer` event (every move of a
// negotiation refreshes the other side's offer lists at once).
import type { Deps } from '../../deps';
import type { OfferEvent } from '../../lib/events';
import { publicUrl } from '../../lib/mail';
import { publishInTx } from '../../ws/realtime';
import * as notifications from '../notifications/service';
import * as users from '../users/service';

export function registerOfferListeners(deps: Deps): () => void {
  const link = (path: string) => ({ link: path, mail: { url: publicUrl(deps.env, path) } });
  const params = (e: OfferEvent, company: string) => ({ company, title: e.title });
  const offs = [
    deps.events.on('offer.created', async (tx, e) => {
      const owners = await users.companyUserIds(tx, [e.listing_company_id]);
      await notifications.notify(tx, {
        user_ids: owners,
        type: 'offers',
        code: 'notification.offerReceived',
        params: params(e, e.offering_company_name),
        ...link('/pending-offers'),
      });
      await publishInTx(tx, owners, 'newOffer', { offer_id: e.offer_id, material_id: e.material_id });
      await notifications.publishCounters(tx, owners);
    }),
    deps.events.on('offer.updated', async (tx, e) => {
      const owners = await users.companyUserIds(tx, [e.listing_company_id]);
      await notifications.notify(tx, {
        user_ids: owners,
        type: 'offers',
        code: 'notification.offerUpdated',
        params: params(e, e.offering_company_name),
        link: '/pending-offers',
      });
      await publishInTx(tx, owners, 'newOffer', { offer_id: e.offer_id, material_id: e.material_id });
    }),
    deps.events.on('offer.withdrawn', async (tx, e) => {
      const owners = await users.companyUserIds(tx, [e.listing_company_id]);
      await notifications.notify(tx, {
        user_ids: owners,
        type: 'offers',
        code: 'notification.offerWithdrawn',
        params: params(e, e.offering_company_name),
        link: '/pending-offers',
      });
      await publishInTx(tx, owners, 'newOffer', { offer_id: e.offer_id, material_id: e.material_id });
      await notifications.publishCounters(tx, owners);
    }),
    deps.events.on('offer.countered', async (tx, e) => {
      const toOfferer = e.by === 'owner';
      const readers = await users.companyUserIds(tx, [toOfferer ? e.offering_company_id : e.listing_company_id]);
      const movers = await users.companyUserIds(tx, [toOfferer ? e.listing_company_id : e.offering_company_id]);
      await notifications.notify(tx, {
        user_ids: readers,
        type: 'offers',
        code: 'notification.offerCountered',
        params: params(e, toOfferer ? e.listing_company_name : e.offering_company_name),
        ...link(toOfferer ? '/pending-offers?tab=made' : '/pending-offers'),
      });
      await publishInTx(tx, readers, 'newOffer', { offer_id: e.offer_id, material_id: e.material_id });
      await notifications.publishCounters(tx, [...readers, ...movers]);
    }),
    deps.events.on('offer.accepted', async (tx, e) => {
      const [offerers, owners] = await Promise.all([
        users.companyUserIds(tx, [e.offering_company_id]),
        users.companyUserIds(tx, [e.listing_company_id]),
      ]);
      // The side that did not accept hears of it: the offerer when the listing's company accepted, else the owner.
      const byOwner = e.by === 'owner';
      await notifications.notify(tx, {
        user_ids: byOwner ? offerers : owners,
        type: 'offers',
        code: byOwner ? 'notification.offerAccepted' : 'notification.counterAccepted',
        params: params(e, byOwner ? e.listing_company_name : e.offering_company_name),
        ...link(`/messages?chat=${e.chat_id}`),
      });
      await publishInTx(tx, byOwner ? offerers : owners, 'newOffer', { offer_id: e.offer_id, material_id: e.material_id });
      await notifications.publishCounters(tx, [...owners, ...offerers]);
    }),
    deps.events.on('offer.rejected', async (tx, e) => {
      const [offerers, owners] = await Promise.all([
        users.companyUserIds(tx, [e.offering_company_id]),
        users.companyUserIds(tx, [e.listing_company_id]),
      ]);
      await notifications.notify(tx, {
        user_ids: offerers,
        type: 'offers',
        code: 'notification.offerRejected',
        params: params(e, e.listing_company_name),
        ...link('/pending-offers?tab=made'),
      });
      await publishInTx(tx, offerers, 'newOffer', { offer_id: e.offer_id, material_id: e.material_id });
      await notifications.publishCounters(tx, [...owners, ...offerers]);
    }),
  ];
  return () => offs.forEach((off) => off());
}
