// SPEC §2 assignment card: company, contact person, company phone, vehicle (or Not assigned), pickup and
// drop-off (N/A if missing), date, time, materials, estimated km and minutes, notes.
import { Trans, useLingui } from '@lingui/react/macro';
import { Card } from '@/components/ui/Card';
import { Icon } from '@/components/ui/Icon';
import { useFormat } from '@/lib/format';
import type { DriverTrip } from '../lib/trip';
import '@/components/trip/trip.css';

type Address = DriverTrip['calendar_event']['pickup_address'];

function AddressText({ a }: { a: Address }) {
  if (!a || !a.address) return <Trans>N/A</Trans>;
  return <>{[a.address, a.city, a.country].filter(Boolean).join(', ')}</>;
}

export function AssignmentCard({ trip }: { trip: DriverTrip }) {
  const { t } = useLingui();
  const fmt = useFormat();
  const e = trip.calendar_event;
  const v = trip.vehicle;
  return (
    <Card title={<Trans>Assignment</Trans>} className="trip-card">
      <dl className="trip-facts">
        <div>
          <dt>{t`Company`}</dt>
          <dd>{e.company.name ?? t`N/A`}</dd>
        </div>
        <div>
          <dt>{t`Contact person`}</dt>
          <dd>{e.contact_person ?? t`N/A`}</dd>
        </div>
        <div>
          <dt>{t`Company phone`}</dt>
          <dd>{e.company.phone ? <a href={`tel:${e.company.phone.replace(/[^\d+]/g, '')}`}>{e.company.phone}</a> : t`N/A`}</dd>
        </div>
        <div>
          <dt>{t`Vehicle`}</dt>
          <dd>{v ? `${v.vehicle_number} · ${v.make} ${v.model}` : <Trans>Not assigned</Trans>}</dd>
        </div>
        <div className="trip-facts__wide">
          <dt>
            <Icon name="pin" size={14} /> {t`Pickup`}
          </dt>
          <dd>
            <AddressText a={e.pickup_address} />
          </dd>
        </div>
        <div className="trip-facts__wide">
          <dt>
            <Icon name="flag" size={14} /> {t`Drop-off`}
          </dt>
          <dd>
            <AddressText a={e.dropoff_address} />
          </dd>
        </div>
        <div>
          <dt>{t`Scheduled date`}</dt>
          <dd>{e.event_date ? fmt.day(e.event_date) : t`N/A`}</dd>
        </div>
        <div>
          <dt>{t`Time`}</dt>
          <dd>{e.start_time ?? t`N/A`}</dd>
        </div>
        <div className="trip-facts__wide">
          <dt>{t`Materials to pick up`}</dt>
          <dd>
            {e.materials.length ? (
              <ul className="trip-materials">
                {e.materials.map((m) => (
                  <li key={m.id}>
                    {m.title}
                    {m.hazardous ? (
                      <span className="trip-hazard" title={t`Hazardous waste`}>
                        <Icon name="alert" size={14} /> <Trans>Hazardous</Trans>
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              t`N/A`
            )}
          </dd>
        </div>
        <div>
          <dt>{t`Estimated distance`}</dt>
          <dd>
            {trip.estimated_distance === null ? t`N/A` : `${fmt.number(trip.estimated_distance)} km`}
            {trip.estimate_is_straight_line && trip.estimated_distance !== null ? (
              <span className="muted"> ({t`straight-line estimate`})</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t`Estimated duration`}</dt>
          <dd>{trip.estimated_duration === null ? t`N/A` : `${fmt.number(trip.estimated_duration)} min`}</dd>
        </div>
        <div className="trip-facts__wide">
          <dt>{t`Notes`}</dt>
          <dd>{e.notes || t`N/A`}</dd>
        </div>
      </dl>
    </Card>
  );
}
