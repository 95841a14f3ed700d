// The trip running for a synergy, on its card while it runs (docs/decisions/0178): its status, when, who drives
// and from where to where; how many more pickups it has open. Both companies see it; it follows the `trips`
// notifications live (SynergiesPage refetches the synergies when one arrives).
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { TripStatusBadge } from '@/components/trip/TripStatusBadge';
import { Icon } from '@/components/ui/Icon';
import { useFormat } from '@/lib/format';
import type { Synergy } from '../lib/synergy';

export type RunningTrip = NonNullable<Synergy['trip']>;

export function SynergyTrip({ trip, openTrips }: { trip: RunningTrip; openTrips: number }) {
  const { t } = useLingui();
  const fmt = useFormat();
  const more = openTrips - 1;
  const when = [trip.event_date ? fmt.day(trip.event_date) : null, trip.start_time].filter(Boolean).join(', ');
  const from = trip.pickup_address?.city;
  const to = trip.dropoff_address?.city;
  return (
    <section className="synergy-trip" aria-labelledby={`trip-${trip.id}-title`} data-testid="synergy-trip" data-trip-id={trip.id}>
      <header className="synergy-trip__head">
        <h4 className="synergy-trip__title" id={`trip-${trip.id}-title`}>
          <Icon name="truck" size={16} />
          <span>
            <Trans>Pickup</Trans>
          </span>
        </h4>
        <TripStatusBadge status={trip.status} phase={trip.phase} compact />
      </header>
      <dl className="synergy-trip__facts">
        <div>
          <dt>{t`When`}</dt>
          <dd data-testid="synergy-trip-when">{when || t`Not scheduled`}</dd>
        </div>
        <div>
          <dt>{t`Driver`}</dt>
          <dd data-testid="synergy-trip-driver">{trip.driver?.name ?? t`Not assigned`}</dd>
        </div>
        {trip.vehicle ? (
          <div>
            <dt>{t`Vehicle`}</dt>
            <dd>{[trip.vehicle.vehicle_number, trip.vehicle.make, trip.vehicle.model].filter(Boolean).join(' · ')}</dd>
          </div>
        ) : null}
        {from && to ? (
          <div>
            <dt>{t`Route`}</dt>
            <dd>{`${from} → ${to}`}</dd>
          </div>
        ) : null}
      </dl>
      {more > 0 ? (
        <p className="synergy-trip__more">
          <Plural value={more} one="# more open pickup for this synergy" other="# more open pickups for this synergy" />
        </p>
      ) : null}
    </section>
  );
}
