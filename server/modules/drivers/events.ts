// What trips and driver positions cause, in the transaction that raised them: live events for administrators
// (the admin trip view and live map follow the driver without a reload), and for a synergy's trip the users of
// both its companies get a notification (type `trips`, pushed live, read in each user's language) when it is
// scheduled, changed, started, delivered or cancelled (docs/decisions/0178). Services never touch sockets
// (docs/decisions/0010, 0047); the hub delivers these NOTIFYs after commit, to whichever instance holds the socket.
import type { Deps } from '../../deps';
import type { TripChange } from '../../lib/events';
import type { MessageCode } from '../../../shared/messages';
import { publishInTx } from '../../ws/realtime';
import * as notifications from '../notifications/service';
import * as users from '../users/service';

/** The changes both companies hear about; arriving, beginning the delivery and documents are the driver's own steps. */
const NOTIFIED: Partial<Record<TripChange, MessageCode>> = {
  scheduled: 'notification.tripScheduled',
  edited: 'notification.tripChanged',
  started: 'notification.tripStarted',
  delivered: 'notification.tripDelivered',
  cancelled: 'notification.tripCancelled',
};

export function registerDriverListeners(deps: Deps): () => void {
  const offs = [
    deps.events.on('trip.changed', async (tx, e) => {
      await publishInTx(tx, { users: await users.adminUserIds(tx) }, 'tripChanged', {
        trip_id: e.trip_id,
        status: e.status,
        phase: e.phase,
        driver_id: e.driver_id,
        event_date: e.event_date,
      });
    }),
    deps.events.on('trip.changed', async (tx, e) => {
      const code = NOTIFIED[e.change];
      if (!code || e.exchange_id === null) return;
      const companies = [e.provider_company_id, e.requester_company_id].filter((id): id is number => id !== null);
      const recipients = await users.companyUserIds(tx, companies);
      if (!recipients.length) return;
      await notifications.notify(tx, {
        user_ids: recipients,
        type: 'trips',
        code,
        params: { title: e.title, date: e.event_date ?? '', time: e.start_time ?? '', driver: e.driver_name ?? '' },
        link: `/synergies?exchange=${e.exchange_id}`,
      });
    }),
    deps.events.on('driver.located', async (tx, e) => {
      await publishInTx(tx, { users: await users.adminUserIds(tx) }, 'driverLocation', e);
    }),
  ];
  return () => offs.forEach((off) => off());
}
