// What an offer's events cause, in the transaction that raised them: notifications (and activity mail) for
// the other company, both companies' pending-offers counters, and the live `newOffer` event (every move of a
// negotiation refreshes the other side's offer lists at once).
import type { MessageCode } from '../../../shared/messages';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { OfferEvent } from '../../lib/events';
import { publicUrl } from '../../lib/mail';
import { publishInTx } from '../../ws/realtime';
import * as notifications from '../notifications/service';
import type { NotifyInput } from '../notifications/service';
import * as users from '../users/service';

export function registerOfferListeners(deps: Deps): () => void {
  /** The page a notification opens, and the same page in the activity mail. */
  const link = (path: string) => ({ link: path, mail: { url: publicUrl(deps.env, path) } });
  /** Tells `readers` that `company` moved on the offer (`code`, opening `opens`), and refreshes their offer lists live. */
  const tell = async (tx: Tx, e: OfferEvent, readers: number[], code: MessageCode, company: string, opens: Pick<NotifyInput, 'link' | 'mail'>) => {
    await notifications.notify(tx, { user_ids: readers, type: 'offers', code, params: { company, title: e.title }, ...opens });
    await publishInTx(tx, { users: readers }, 'newOffer', { offer_id: e.offer_id, material_id: e.material_id });
  };
  const offs = [
    deps.events.on('offer.created', async (tx, e) => {
      const owners = await users.companyUserIds(tx, [e.listing_company_id]);
      await tell(tx, e, owners, 'notification.offerReceived', e.offering_company_name, link('/pending-offers'));
      await notifications.publishCounters(tx, owners);
    }),
    deps.events.on('offer.updated', async (tx, e) => {
      const owners = await users.companyUserIds(tx, [e.listing_company_id]);
      await tell(tx, e, owners, 'notification.offerUpdated', e.offering_company_name, { link: '/pending-offers' });
    }),
    deps.events.on('offer.withdrawn', async (tx, e) => {
      const owners = await users.companyUserIds(tx, [e.listing_company_id]);
      await tell(tx, e, owners, 'notification.offerWithdrawn', e.offering_company_name, { link: '/pending-offers' });
      await notifications.publishCounters(tx, owners);
    }),
    deps.events.on('offer.countered', async (tx, e) => {
      const toOfferer = e.by === 'owner';
      const readers = await users.companyUserIds(tx, [toOfferer ? e.offering_company_id : e.listing_company_id]);
      const movers = await users.companyUserIds(tx, [toOfferer ? e.listing_company_id : e.offering_company_id]);
      const company = toOfferer ? e.listing_company_name : e.offering_company_name;
      await tell(tx, e, readers, 'notification.offerCountered', company, link(toOfferer ? '/pending-offers?tab=made' : '/pending-offers'));
      await notifications.publishCounters(tx, [...readers, ...movers]);
    }),
    deps.events.on('offer.accepted', async (tx, e) => {
      const [offerers, owners] = await Promise.all([
        users.companyUserIds(tx, [e.offering_company_id]),
        users.companyUserIds(tx, [e.listing_company_id]),
      ]);
      // The side that did not accept hears of it: the offerer when the listing's company accepted, else the owner.
      const byOwner = e.by === 'owner';
      await tell(
        tx,
        e,
        byOwner ? offerers : owners,
        byOwner ? 'notification.offerAccepted' : 'notification.counterAccepted',
        byOwner ? e.listing_company_name : e.offering_company_name,
        link(`/messages?chat=${e.chat_id}`),
      );
      await notifications.publishCounters(tx, [...owners, ...offerers]);
    }),
    deps.events.on('offer.rejected', async (tx, e) => {
      const [offerers, owners] = await Promise.all([
        users.companyUserIds(tx, [e.offering_company_id]),
        users.companyUserIds(tx, [e.listing_company_id]),
      ]);
      await tell(tx, e, offerers, 'notification.offerRejected', e.listing_company_name, link('/pending-offers?tab=made'));
      await notifications.publishCounters(tx, [...owners, ...offerers]);
    }),
  ];
  return () => offs.forEach((off) => off());
}
