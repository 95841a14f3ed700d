// SPEC §2/§4 trip actions: Start Trip to Pickup (opens the map), Arrived at Pickup, Begin Delivery (timer from
// zero, distance zeroed, map opened), then the elapsed-time and distance panel and Complete Delivery with whole
// minutes and km; if completion fails the timer resumes and the error shows for 5 s. The map shows pickup,
// drop-off and the phone's position, with the route to the pickup until delivery starts and to the drop-off after.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LIMITS } from '@shared/constants/limits';
import { routeLeg } from '@shared/machines/trip';
import type { LatLng } from '@shared/lib/geo';
import { RouteMap, type RouteLine, type RoutePoint } from '@/components/map';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Icon } from '@/components/ui/Icon';
import { useConfig } from '@/hooks/useConfig';
import { getAppError, errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { messageText } from '@/lib/messages';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { clock, kmOneDecimal, MAP_COLORS, wholeMinutesOf, type DriverTrip } from '../lib/trip';
import { clearTrack, type Tracking } from '../lib/useTracking';
import { TripStatusBadge } from './TripStatusBadge';

/** SPEC §8 driver messages: the server's message, else the screen's own wording. */
export function driverError(i18n: I18n, err: unknown, fallback: MessageDescriptor): string {
  return getAppError(err).code === 'INTERNAL' ? i18n._(fallback) : errorText(i18n, err);
}

const showError = (text: string) => showSnackbar(text, { tone: 'error', duration: LIMITS.driverSnackbarMs });

export function TripActionsCard({
  trip,
  tracking,
  mapOpen,
  setMapOpen,
  onAttachNote,
}: {
  trip: DriverTrip;
  tracking: Tracking;
  mapOpen: boolean;
  setMapOpen: (open: boolean) => void;
  onAttachNote: () => void;
}) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const setStatus = useMutation(trpc.driver.setStatus.mutationOptions());
  const startDelivery = useMutation(trpc.driver.startDelivery.mutationOptions());
  const [completing, setCompleting] = useState(false);
  const phase = trip.phase;
  const blockedByNote = trip.hazardous && !trip.has_waste_transfer_note && phase === 'ASSIGNED';

  const refresh = () => qc.invalidateQueries({ queryKey: trpc.driver.pathKey() });

  const step = async (status: 'ON_ROUTE' | 'ARRIVED') => {
    try {
      await setStatus.mutateAsync({ id: trip.id, status });
      if (status === 'ON_ROUTE') setMapOpen(true);
      await refresh();
    } catch (err) {
      showError(driverError(i18n, err, msg`Failed to update trip status`));
    }
  };

  const begin = async () => {
    // The drop-off leg's estimate goes with start-delivery when a route can be had.
    let estimate: { estimated_distance?: number; estimated_duration?: number } = {};
    try {
      const r = await qc.fetchQuery(
        trpc.driver.route.queryOptions({ id: trip.id, leg: 'dropoff', ...(tracking.position ? { from: tracking.position } : {}) }),
      );
      if (r.route) estimate = { estimated_distance: r.route.distance_km, estimated_duration: r.route.duration_min };
    } catch {
      /* the trip keeps its scheduled estimate */
    }
    try {
      tracking.reset(trip.id);
      await startDelivery.mutateAsync({ id: trip.id, ...estimate });
      setMapOpen(true);
      await refresh();
    } catch (err) {
      showError(driverError(i18n, err, msg`Failed to start delivery`));
    }
  };

  const complete = async () => {
    setCompleting(true);
    tracking.setPaused(true);
    try {
      await setStatus.mutateAsync({
        id: trip.id,
        status: 'COMPLETED',
        actual_duration: wholeMinutesOf(tracking.elapsedMs),
        actual_distance: kmOneDecimal(tracking.km),
      });
      clearTrack(trip.id);
      showSnackbar(msg`Delivery completed`);
      await refresh();
    } catch (err) {
      // SPEC §4: if completion fails the timer resumes and an error shows.
      showError(driverError(i18n, err, msg`Failed to complete delivery`));
    } finally {
      tracking.setPaused(false);
      setCompleting(false);
    }
  };

  return (
    <Card title={<Trans>Trip actions</Trans>} className="trip-card" actions={<TripStatusBadge status={trip.status} phase={phase} />}>
      <div className="trip-actions">
        {blockedByNote ? (
          <div className="notice notice--warning" role="alert" data-testid="hazard-gate">
            <Icon name="alert" />
            <div>
              <p>{messageText(i18n, { code: 'trip.hazardousNeedsNote' })}</p>
              <Button variant="secondary" size="sm" icon={<Icon name="upload" size={16} />} onClick={onAttachNote}>
                <Trans>Attach waste transfer note</Trans>
              </Button>
            </div>
          </div>
        ) : null}
        {phase === 'ASSIGNED' ? (
          <Button
            size="lg"
            block
            icon={<Icon name="play" />}
            disabled={blockedByNote}
            loading={setStatus.isPending}
            onClick={() => void step('ON_ROUTE')}
          >
            <Trans>Start Trip to Pickup</Trans>
          </Button>
        ) : null}
        {phase === 'ON_ROUTE' ? (
          <Button size="lg" block icon={<Icon name="pin" />} loading={setStatus.isPending} onClick={() => void step('ARRIVED')}>
            <Trans>Arrived at Pickup</Trans>
          </Button>
        ) : null}
        {phase === 'ARRIVED' ? (
          <Button size="lg" block icon={<Icon name="truck" />} loading={startDelivery.isPending} onClick={() => void begin()}>
            <Trans>Begin Delivery</Trans>
          </Button>
        ) : null}
        {phase === 'DELIVERING' ? (
          <>
            <div className="delivery-panel" role="group" aria-label={t`Delivery in progress`} data-testid="delivery-panel">
              <div>
                <span className="delivery-panel__label">
                  <Icon name="clock" size={16} /> <Trans>Elapsed time</Trans>
                </span>
                <span className="delivery-panel__value" data-testid="elapsed" role="timer" aria-live="off">
                  {clock(tracking.elapsedMs)}
                </span>
              </div>
              <div>
                <span className="delivery-panel__label">
                  <Icon name="truck" size={16} /> <Trans>Distance travelled</Trans>
                </span>
                <span className="delivery-panel__value" data-testid="distance">
                  {fmt.number(Math.round(tracking.km * 100) / 100)} km
                </span>
              </div>
            </div>
            <Button size="lg" block icon={<Icon name="check" />} loading={completing} onClick={() => void complete()}>
              <Trans>Complete Delivery</Trans>
            </Button>
          </>
        ) : null}
        <Button
          variant="secondary"
          block
          icon={<Icon name="map" />}
          aria-expanded={mapOpen}
          onClick={() => setMapOpen(!mapOpen)}
          data-testid="toggle-trip-map"
        >
          {mapOpen ? <Trans>Hide map</Trans> : <Trans>Show map</Trans>}
        </Button>
        {mapOpen ? <TripMap trip={trip} position={tracking.position} /> : null}
      </div>
    </Card>
  );
}

type Address = DriverTrip['calendar_event']['pickup_address'];
const pointOf = (a: Address): LatLng | null => (a && a.latitude !== null && a.longitude !== null ? { lat: a.latitude, lng: a.longitude } : null);

function TripMap({ trip, position }: { trip: DriverTrip; position: LatLng | null }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const config = useConfig();
  const leg = routeLeg(trip.phase);
  const pickup = pointOf(trip.calendar_event.pickup_address);
  const dropoff = pointOf(trip.calendar_event.dropoff_address);
  // The route starts where the phone was when the leg was first drawn (not re-asked on every fix).
  const [from, setFrom] = useState<{ leg: string; at: LatLng | null } | null>(null);
  if (leg && (from === null || from.leg !== leg) && (position || leg === 'dropoff')) setFrom({ leg, at: position });
  const route = useQuery({
    ...trpc.driver.route.queryOptions({ id: trip.id, leg: leg ?? 'pickup', ...(from?.at ? { from: from.at } : {}) }),
    enabled: leg !== null && from !== null && from.leg === leg,
    staleTime: Infinity,
  });
  const points: RoutePoint[] = [];
  if (pickup) points.push({ id: 'pickup', kind: 'pickup', color: MAP_COLORS.pickup, ...pickup });
  if (dropoff) points.push({ id: 'dropoff', kind: 'dropoff', color: MAP_COLORS.dropoff, ...dropoff });
  if (position) points.push({ id: 'current', kind: 'current', color: MAP_COLORS.current, ...position });
  const lines: RouteLine[] = route.data?.route
    ? [{ id: `route-${leg}`, coordinates: route.data.route.geometry, color: MAP_COLORS.route, dashed: route.data.route.is_estimate }]
    : [];
  const routeError = route.data?.error
    ? messageText(i18n, { code: route.data.error })
    : route.isError
      ? i18n._(msg`Unable to calculate route`)
      : null;
  return (
    <div className="trip-map" data-testid="trip-map">
      <RouteMap label={t`Map of the trip`} points={points} lines={lines} styleUrl={config.data?.map_style_url} height={320} follow="current" />
      <ul className="map-legend">
        <li>
          <span className="map-legend__dot" style={{ background: MAP_COLORS.pickup }} /> <Trans>Pickup</Trans>
        </li>
        <li>
          <span className="map-legend__dot" style={{ background: MAP_COLORS.dropoff }} /> <Trans>Drop-off</Trans>
        </li>
        <li>
          <span className="map-legend__dot" style={{ background: MAP_COLORS.current }} /> <Trans>You are here</Trans>
        </li>
      </ul>
      {routeError ? (
        <p className="field__error" role="status">
          {routeError}
        </p>
      ) : route.data?.route ? (
        <p className="muted" role="status">
          {leg === 'pickup' ? <Trans>Route to the pickup</Trans> : <Trans>Route to the drop-off</Trans>}:{' '}
          {`${Math.round(route.data.route.distance_km * 10) / 10} km, ${Math.round(route.data.route.duration_min)} min`}
          {route.data.route.is_estimate ? <> ({t`straight-line estimate`})</> : null}
        </p>
      ) : null}
    </div>
  );
}
