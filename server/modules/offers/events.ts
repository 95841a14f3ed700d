// What an offer's events cause, in the transaction that raised them: notifications (and activity mail) for
// the other company, the listing company's pending-offers counter, and the live `newOffer` event.
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
      await notifications.publishCounters(tx, owners);
    }),
    deps.events.on('offer.accepted', async (tx, e) => {
      const [offerers, owners] = await Promise.all([
        users.companyUserIds(tx, [e.offering_company_id]),
        users.companyUserIds(tx, [e.listing_company_id]),
      ]);
      await notifications.notify(tx, {
        user_ids: offerers,
        type: 'offers',
        code: 'notification.offerAccepted',
        params: params(e, e.listing_company_name),
        ...link(`/messages?chat=${e.chat_id}`),
      });
      await notifications.publishCounters(tx, owners);
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
      await notifications.publishCounters(tx, owners);
    }),
  ];
  return () => offs.forEach((off) => off());
}
