// A synergy's trip on a map, for its two companies (docs/decisions/0204): the pickup, the drop-off and, while the
// trip is on the way, the driver's last reported position. Its own lazy chunk (SynergyCard.tsx), and the map inside
// is the map wrapper's lazy chunk, shown only when asked for: a list of cards downloads no map. The position is
// re-read every 30 s while the map is open and the trip on the way (companies get no live driver events).
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isActivePhase, type TripPhase } from '@shared/machines/trip';
import { RouteMap, type RoutePoint } from '@/components/map';
import { MAP_COLORS } from '@/components/trip/status';
import { TripMapLegend } from '@/components/trip/TripFacts';
import { Button } from '@/components/ui/Button';
import { Icon } from '@/components/ui/Icon';
import { useConfig } from '@/hooks/useConfig';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';

type Trip = RouterOutputs['drivers']['exchangeTrips']['items'][number];

const REFRESH_MS = 30_000;

/** The trip the map is about: the one on the way, else the next one booked, else the last one done. */
export function tripToShow(trips: readonly Trip[]): Trip | null {
  const dated = (t: Trip) => `${t.calendar_event.event_date ?? ''} ${t.calendar_event.start_time ?? ''}`;
  const byDate = [...trips].sort((a, b) => dated(a).localeCompare(dated(b)));
  return (
    byDate.find((t) => isActivePhase(t.phase as TripPhase)) ??
    byDate.find((t) => t.status === 'ASSIGNED') ??
    byDate.filter((t) => t.status === 'COMPLETED').at(-1) ??
    null
  );
}

export function SynergyTripMap({ exchangeId }: { exchangeId: number }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const config = useConfig();
  const fmt = useFormat();
  const [open, setOpen] = useState(false);
  const trips = useQuery({
    ...trpc.drivers.exchangeTrips.queryOptions({ exchange_id: exchangeId }),
    refetchInterval: (q) => (open && q.state.data?.items.some((x) => isActivePhase(x.phase as TripPhase)) ? REFRESH_MS : false),
  });
  const trip = tripToShow(trips.data?.items ?? []);
  if (!trip) return null;
  const e = trip.calendar_event;
  const points: RoutePoint[] = [];
  if (e.pickup_address?.latitude != null && e.pickup_address.longitude != null)
    points.push({ id: 'pickup', kind: 'pickup', color: MAP_COLORS.pickup, lat: e.pickup_address.latitude, lng: e.pickup_address.longitude });
  if (e.dropoff_address?.latitude != null && e.dropoff_address.longitude != null)
    points.push({ id: 'dropoff', kind: 'dropoff', color: MAP_COLORS.dropoff, lat: e.dropoff_address.latitude, lng: e.dropoff_address.longitude });
  const driver = trip.driver_position;
  if (driver) points.push({ id: 'driver', kind: 'driver', color: MAP_COLORS.current, lat: driver.lat, lng: driver.lng });
  if (points.length === 0) return null;
  const seen = driver?.at ? fmt.time(driver.at) : null;

  return (
    <div className="synergy__trip-map" data-testid="synergy-trip-map" data-trip-id={trip.id}>
      <Button variant="secondary" size="sm" icon={<Icon name="map" size={16} />} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? <Trans>Hide the trip map</Trans> : <Trans>Show the trip on a map</Trans>}
      </Button>
      {open ? (
        <>
          <RouteMap
            opened
            label={t`Map of the pickup and drop-off`}
            points={points}
            styleUrl={config.data?.map_style_url}
            height={280}
            follow="driver"
          />
          <TripMapLegend
            current={driver ? seen ? <Trans>The driver, last seen at {seen}</Trans> : <Trans>The driver</Trans> : null}
            currentTestId="synergy-driver-position"
          />
        </>
      ) : null}
    </div>
  );
}
