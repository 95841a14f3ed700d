// /admin/trips: the trip calendar (week and month) with each trip's status colour and icon (SPEC §4), a link
// to schedule a pickup for a synergy, and the drivers' positions live on a map (driverLocation events).
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { TRIP_STATUSES } from '@shared/constants/enums';
import { RouteMap, type RoutePoint } from '@/components/map';
import { ButtonLink, Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { Icon } from '@/components/ui/Icon';
import { isSettled, useOnSettled } from '@/components/ui/QueryView';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { useConfig } from '@/hooks/useConfig';
import { useRealtimeEvent, useRealtimeReconnect } from '@/hooks/useRealtime';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import { DRIVER_STATUS_LABEL, TRIP_STATUS_META } from '@/components/trip/status';
import { TripStatusBadge } from '@/components/trip/TripStatusBadge';
import { calendarRange, parseDay, shiftAnchor, todayIso, tripsByDay, type AdminTrip, type CalendarView } from '../lib/calendar';
import '@/components/trip/trip.css';
import '../admin-console.css';

function TripChip({ trip }: { trip: AdminTrip }) {
  const { i18n } = useLingui();
  const meta = TRIP_STATUS_META[trip.status];
  const label = i18n._(meta.label);
  return (
    <Link
      href={`/admin/trips/${trip.id}`}
      className="cal-trip"
      style={{ '--trip-color': meta.color } as React.CSSProperties}
      data-testid="calendar-trip"
      data-trip-id={trip.id}
      data-status={trip.status}
    >
      <span className="cal-trip__line">
        <Icon name={meta.icon} size={13} />
        <span>{trip.calendar_event.start_time}</span>
        <span className="visually-hidden">{label}</span>
      </span>
      <span className="cal-trip__who">{trip.calendar_event.company.name}</span>
      <span className="cal-trip__who muted">{trip.driver?.name ?? '–'}</span>
    </Link>
  );
}

export function TripCalendar({ onSettled }: { onSettled?: () => void } = {}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const [view, setView] = useState<CalendarView>('week');
  const [anchor, setAnchor] = useState(() => todayIso());
  const range = calendarRange(view, anchor);
  const trips = useQuery({ ...trpc.drivers.admin.trips.queryOptions({ from: range.from, to: range.to }), placeholderData: keepPreviousData });
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.drivers.admin.trips.pathKey() });
  useRealtimeEvent('tripChanged', refresh);
  useRealtimeReconnect(refresh);
  const settled = isSettled(trips);
  useOnSettled(settled, onSettled);
  const byDay = useMemo(() => tripsByDay(trips.data?.items ?? []), [trips.data]);
  const today = todayIso();
  const weekday = new Intl.DateTimeFormat(fmt.locale, { weekday: 'short', timeZone: 'UTC' });
  const title =
    view === 'month'
      ? new Intl.DateTimeFormat(fmt.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(parseDay(anchor))
      : `${fmt.day(range.from)} – ${fmt.day(range.to)}`;
  return (
    <Card>
      <div className="cal-toolbar spread">
        <div className="cal-toolbar__nav">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setAnchor(shiftAnchor(view, anchor, -1))}
            aria-label={view === 'week' ? t`Previous week` : t`Previous month`}
          >
            ‹
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setAnchor(todayIso())}>
            <Trans>Today</Trans>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setAnchor(shiftAnchor(view, anchor, 1))}
            aria-label={view === 'week' ? t`Next week` : t`Next month`}
          >
            ›
          </Button>
          <h2 className="cal-title" aria-live="polite">
            {title}
          </h2>
        </div>
        <div className="cal-toolbar__nav" role="group" aria-label={t`Calendar view`}>
          <Button variant={view === 'week' ? 'primary' : 'secondary'} size="sm" aria-pressed={view === 'week'} onClick={() => setView('week')}>
            <Trans>Week</Trans>
          </Button>
          <Button variant={view === 'month' ? 'primary' : 'secondary'} size="sm" aria-pressed={view === 'month'} onClick={() => setView('month')}>
            <Trans>Month</Trans>
          </Button>
        </div>
      </div>
      {trips.isPending ? (
        <LoadingState />
      ) : trips.isError ? (
        <ErrorState onRetry={() => void trips.refetch()}>
          <p>
            <Trans>The trips could not be loaded.</Trans>
          </p>
        </ErrorState>
      ) : (
        <div className="cal-grid" data-testid="trip-calendar" aria-busy={trips.isFetching || undefined}>
          {range.days.slice(0, 7).map((d) => (
            <div key={`h-${d}`} className="cal-head" aria-hidden="true">
              {weekday.format(parseDay(d))}
            </div>
          ))}
          {range.days.map((d) => {
            const list = byDay.get(d) ?? [];
            const other = view === 'month' && parseDay(d).getUTCMonth() !== range.month;
            return (
              <section
                key={d}
                className={['cal-day', other ? 'cal-day--other' : '', d === today ? 'cal-day--today' : '', list.length ? '' : 'cal-day--empty'].join(
                  ' ',
                )}
                aria-label={fmt.day(d)}
                data-day={d}
              >
                <span className="cal-day__num">
                  {/* The space stays outside: .mobile-only is an inline grid, which drops a trailing space. */}
                  <span className="mobile-only">{weekday.format(parseDay(d))}</span> {fmt.day(d)}
                </span>
                {list.map((trip) => (
                  <TripChip key={trip.id} trip={trip} />
                ))}
              </section>
            );
          })}
        </div>
      )}
      {trips.data && trips.data.items.length === 0 ? (
        <p className="muted">
          <Trans>No trips in this period.</Trans>
        </p>
      ) : null}
      {/* Under the days once they have loaded: it would jump down as they replace the loading state. */}
      {settled ? (
        <div className="cal-legend" aria-label={t`Status colours`}>
          {TRIP_STATUSES.map((s) => (
            <TripStatusBadge key={s} status={s} compact />
          ))}
        </div>
      ) : null}
    </Card>
  );
}

/** Every driver with a known position, moving as their phones report (driverLocation). */
export function LiveDriversMap({ onlyDriver, extraPoints = [] }: { onlyDriver?: number | null; extraPoints?: RoutePoint[] }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const config = useConfig();
  const key = trpc.drivers.admin.livePositions.queryKey();
  const live = useQuery(trpc.drivers.admin.livePositions.queryOptions());
  useRealtimeEvent('driverLocation', (e) => {
    const known = live.data?.items.some((x) => x.driver_id === e.driver_id);
    if (!known) return void qc.invalidateQueries({ queryKey: key });
    qc.setQueryData(key, (old) =>
      old
        ? {
            items: old.items.map((x) => (x.driver_id === e.driver_id ? { ...x, lat: e.lat, lng: e.lng, at: new Date(e.at), trip_id: e.trip_id } : x)),
          }
        : old,
    );
  });
  useRealtimeEvent('tripChanged', () => void qc.invalidateQueries({ queryKey: key }));
  useRealtimeReconnect(() => void qc.invalidateQueries({ queryKey: key }));
  const drivers = (live.data?.items ?? []).filter((d) => onlyDriver === undefined || d.driver_id === onlyDriver);
  const points: RoutePoint[] = [
    ...extraPoints,
    ...drivers.map((d) => ({
      id: `driver-${d.driver_id}`,
      kind: 'driver' as const,
      lat: d.lat,
      lng: d.lng,
      color: d.trip_phase ? TRIP_STATUS_META[d.trip_phase === 'DELIVERING' ? 'ARRIVED' : d.trip_phase].color : '#5f6670',
      label: d.name,
    })),
  ];
  return (
    <div className="trip-map" data-testid="live-map">
      {live.isError ? (
        <ErrorState onRetry={() => void live.refetch()}>
          <p>
            <Trans>The drivers’ positions could not be loaded.</Trans>
          </p>
        </ErrorState>
      ) : (
        <RouteMap
          label={t`Drivers' positions`}
          points={points}
          styleUrl={config.data?.map_style_url}
          height={onlyDriver === undefined ? 400 : 360}
          follow={onlyDriver ? `driver-${onlyDriver}` : undefined}
        />
      )}
      <ul className="doc-list" aria-label={t`Drivers' positions`}>
        {drivers.map((d) => (
          <li key={d.driver_id} className="doc-list__item" data-testid="live-driver" data-driver-id={d.driver_id}>
            <Icon name="truck" />
            <div className="doc-list__text">
              <span className="doc-list__name">{d.name}</span>
              <span className="muted">
                {i18n._(DRIVER_STATUS_LABEL[d.status])} · {d.at ? fmt.time(d.at) : ''} ·{' '}
                <span data-testid="live-position">
                  {d.lat.toFixed(4)}, {d.lng.toFixed(4)}
                </span>
              </span>
            </div>
            {d.trip_id && onlyDriver === undefined ? (
              <Link href={`/admin/trips/${d.trip_id}`} className="btn btn--secondary btn--sm">
                <Trans>Trip</Trans>
              </Link>
            ) : null}
          </li>
        ))}
        {drivers.length === 0 && !live.isPending ? (
          <li className="muted">
            <Trans>No driver has reported a position yet.</Trans>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

export function AdminTripsPage() {
  const [calendarSettled, setCalendarSettled] = useState(false);
  return (
    <>
      <PageHeader
        title={<Trans>Trips</Trans>}
        description={<Trans>Pickups scheduled for synergies, by day, with their drivers and status.</Trans>}
        actions={
          <ButtonLink href="/admin/trips/new" icon={<Icon name="plus" />}>
            <Trans>Schedule a pickup</Trans>
          </ButtonLink>
        }
      />
      <div className="stack">
        <TripCalendar onSettled={() => setCalendarSettled(true)} />
        {/* Below the calendar once its days have loaded (on a phone they would push the map down as they arrive). */}
        {calendarSettled ? (
          <Card title={<Trans>Drivers on the map</Trans>}>
            <LiveDriversMap />
          </Card>
        ) : null}
      </div>
    </>
  );
}
