// What trips and driver positions cause, in the transaction that raised them: live events for administrators
// (the admin trip view and live map follow the driver without a reload). Services never touch sockets
// (docs/decisions/0010, 0047); the hub delivers these NOTIFYs after commit, to whichever instance holds the socket.
import type { Deps } from '../../deps';
import { publishInTx } from '../../ws/realtime';
import * as users from '../users/service';

export function registerDriverListeners(deps: Deps): () => void {
  const offs = [
    deps.events.on('trip.changed', async (tx, e) => {
      await publishInTx(tx, await users.adminUserIds(tx), 'tripChanged', {
        trip_id: e.trip_id,
        status: e.status,
        phase: e.phase,
        driver_id: e.driver_id,
        event_date: e.event_date,
      });
    }),
    deps.events.on('driver.located', async (tx, e) => {
      await publishInTx(tx, await users.adminUserIds(tx), 'driverLocation', e);
    }),
  ];
  return () => offs.forEach((off) => off());
}
