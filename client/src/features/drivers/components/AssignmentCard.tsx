// SPEC §2 assignment card: the trip's facts (components/trip/TripFacts) led by the company it is for.
import { Fact } from '@/components/ui/Fact';
import { Trans, useLingui } from '@lingui/react/macro';
import { TripFacts } from '@/components/trip/TripFacts';
import { Card } from '@/components/ui/Card';
import type { DriverTrip } from '../lib/trip';

export function AssignmentCard({ trip }: { trip: DriverTrip }) {
  const { t } = useLingui();
  return (
    <Card title={<Trans>Assignment</Trans>} className="trip-card">
      <TripFacts trip={trip} when lead={<Fact label={t`Company`}>{trip.calendar_event.company.name ?? t`N/A`}</Fact>} />
    </Card>
  );
}
