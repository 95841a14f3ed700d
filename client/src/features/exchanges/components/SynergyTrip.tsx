// The trip running for a synergy, on its card while it runs (docs/decisions/0178): its status, when, who drives
// and from where to where; how many more pickups it has open. Both companies see it; it follows the `trips`
// notifications live (SynergiesPage refetches the synergies when one arrives).
import { Fact } from '@/components/ui/Fact';
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
      <header className="synergy-trip__head spread spread--tight">
        <h4 className="synergy-trip__title" id={`trip-${trip.id}-title`}>
          <Icon name="truck" size={16} />
          <span>
            <Trans>Pickup</Trans>
          </span>
        </h4>
        <TripStatusBadge status={trip.status} phase={trip.phase} compact />
      </header>
      <dl className="synergy-trip__facts">
        <Fact label={t`When`} valueTestId="synergy-trip-when">
          {when || t`Not scheduled`}
        </Fact>
        <Fact label={t`Driver`} valueTestId="synergy-trip-driver">
          {trip.driver?.name ?? t`Not assigned`}
        </Fact>
        {trip.vehicle ? (
          <Fact label={t`Vehicle`}>{[trip.vehicle.vehicle_number, trip.vehicle.make, trip.vehicle.model].filter(Boolean).join(' · ')}</Fact>
        ) : null}
        {from && to ? <Fact label={t`Route`}>{`${from} → ${to}`}</Fact> : null}
      </dl>
      {more > 0 ? (
        <p className="synergy-trip__more">
          <Plural value={more} one="# more open pickup for this synergy" other="# more open pickups for this synergy" />
        </p>
      ) : null}
    </section>
  );
}
