// SPEC §2 assignment card: the trip's facts (components/trip/TripFacts) led by the company it is for.
import { Trans, useLingui } from '@lingui/react/macro';
import { TripFacts } from '@/components/trip/TripFacts';
import { Card } from '@/components/ui/Card';
import type { DriverTrip } from '../lib/trip';

export function AssignmentCard({ trip }: { trip: DriverTrip }) {
  const { t } = useLingui();
  return (
    <Card title={<Trans>Assignment</Trans>} className="trip-card">
      <TripFacts
        trip={trip}
        when
        lead={
          <div>
            <dt>{t`Company`}</dt>
            <dd>{trip.calendar_event.company.name ?? t`N/A`}</dd>
          </div>
        }
      />
    </Card>
  );
}
