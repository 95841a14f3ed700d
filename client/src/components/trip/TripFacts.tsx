// A trip's facts, its documents and its map legend, as the driver app and the administrators' trip page show them.
// SPEC §2 assignment card: company, contact person, company phone, vehicle (or Not assigned), pickup and drop-off
// (N/A if missing), date, time, materials, estimated km and minutes, notes. Administrators see the driver first and
// the date in the page's header; what only they see (what was driven) goes in `after`.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/Icon';
import { daysAgoLabel } from '@/lib/age';
import { downloadPrivateFile } from '@/lib/files';
import { useFormat } from '@/lib/format';
import type { RouterOutputs } from '@/lib/types';
import { MAP_COLORS } from './status';
import './trip.css';

export type TripView = RouterOutputs['driver']['trips']['items'][number];
export type TripDocument = RouterOutputs['driver']['documents']['items'][number];
type Address = TripView['calendar_event']['pickup_address'];

function AddressText({ a }: { a: Address }) {
  if (!a || !a.address) return <Trans>N/A</Trans>;
  return <>{[a.address, a.city, a.country].filter(Boolean).join(', ')}</>;
}

export function TripFacts({ trip, lead, when = false, after }: { trip: TripView; lead: ReactNode; when?: boolean; after?: ReactNode }) {
  const { t } = useLingui();
  const fmt = useFormat();
  const e = trip.calendar_event;
  const v = trip.vehicle;
  return (
    <dl className="trip-facts">
      {lead}
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
      {when ? (
        <>
          <div>
            <dt>{t`Scheduled date`}</dt>
            <dd>{e.event_date ? fmt.day(e.event_date) : t`N/A`}</dd>
          </div>
          <div>
            <dt>{t`Time`}</dt>
            <dd>{e.start_time ?? t`N/A`}</dd>
          </div>
        </>
      ) : null}
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
          {trip.estimate_is_straight_line && trip.estimated_distance !== null ? <span className="muted"> ({t`straight-line estimate`})</span> : null}
        </dd>
      </div>
      <div>
        <dt>{t`Estimated duration`}</dt>
        <dd>{trip.estimated_duration === null ? t`N/A` : `${fmt.number(trip.estimated_duration)} min`}</dd>
      </div>
      {after}
      <div className="trip-facts__wide">
        <dt>{t`Notes`}</dt>
        <dd>{e.notes || t`N/A`}</dd>
      </div>
    </dl>
  );
}

/**
 * A trip's documents with their age, size and a download. `token` is the driver's (the driver app); without it the
 * signed-in user's session is used. A failed download is told through `onError`.
 */
export function TripDocumentList({ items, token, onError }: { items: TripDocument[]; token?: string; onError: (text: string) => void }) {
  const { i18n, t } = useLingui();
  const fmt = useFormat();
  const download = async (url: string, name: string) => {
    try {
      await downloadPrivateFile(url, name, token);
    } catch {
      onError(i18n._(msg`Failed to download ${name}`));
    }
  };
  return (
    <ul className="doc-list" aria-label={t`Documents`}>
      {items.map((d) => (
        <li key={d.id} className="doc-list__item">
          <Icon name={d.mime_type.startsWith('image/') ? 'camera' : 'file'} />
          <div className="doc-list__text">
            <span className="doc-list__name">{d.name}</span>
            <span className="muted">
              {daysAgoLabel(i18n, d.created_at)} · {fmt.fileSize(d.size_bytes)}
              {d.kind === 'waste_transfer_note' ? <> · {t`Waste transfer note`}</> : null}
            </span>
          </div>
          {d.url ? (
            <button
              type="button"
              className="icon-btn"
              aria-label={t`Download ${d.name}`}
              title={t`Download`}
              onClick={() => void download(d.url, d.name)}
            >
              <Icon name="download" />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The map's legend: pickup, drop-off, where the driver is (`current` names it; without it there is no driver on the
 * map), and what `children` add.
 */
export function TripMapLegend({ current, currentTestId, children }: { current?: ReactNode; currentTestId?: string; children?: ReactNode }) {
  return (
    <ul className="map-legend list-row">
      <li>
        <span className="map-legend__dot" style={{ background: MAP_COLORS.pickup }} /> <Trans>Pickup</Trans>
      </li>
      <li>
        <span className="map-legend__dot" style={{ background: MAP_COLORS.dropoff }} /> <Trans>Drop-off</Trans>
      </li>
      {current ? (
        <li data-testid={currentTestId}>
          <span className="map-legend__dot" style={{ background: MAP_COLORS.current }} /> {current}
        </li>
      ) : null}
      {children}
    </ul>
  );
}
