// SPEC §2/§4 trip actions: Start Trip to Pickup (opens the map), Arrived at Pickup, Begin Delivery (timer from
// zero, distance zeroed, map opened), then the elapsed-time and distance panel and Complete Delivery with whole
// minutes and km; if completion fails the timer resumes and the error shows for 5 s; far from the drop-off the
// driver confirms first. The map shows pickup, drop-off and the phone's position with the current leg's route (to
// the pickup before Arrived, to the drop-off after), and a Navigate link hands that leg to the phone's map app.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LIMITS } from '@shared/constants/limits';
import { routeLeg } from '@shared/machines/trip';
import type { LatLng } from '@shared/lib/geo';
import { navigationPlatform, navigationUrl } from '@shared/lib/navigation';
import { RouteMap, type RouteLine, type RoutePoint } from '@/components/map';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Icon } from '@/components/ui/Icon';
import { useConfig } from '@/hooks/useConfig';
import { getAppError, errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { messageText } from '@/lib/messages';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { MAP_COLORS } from '@/components/trip/status';
import { TripMapLegend } from '@/components/trip/TripFacts';
import { clock, kmOneDecimal, wholeMinutesOf, type DriverTrip } from '../lib/trip';
import { clearTrack, type Tracking } from '../lib/useTracking';
import { TripStatusBadge } from '@/components/trip/TripStatusBadge';
import '@/components/trip/trip.css';

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

  /** The server's question when the phone is far from the drop-off (docs/decisions/0203), until answered. */
  const [farFromDropoff, setFarFromDropoff] = useState<string | null>(null);

  const complete = async (confirmFar = false) => {
    setFarFromDropoff(null);
    setCompleting(true);
    tracking.setPaused(true);
    try {
      await setStatus.mutateAsync({
        id: trip.id,
        status: 'COMPLETED',
        actual_duration: wholeMinutesOf(tracking.elapsedMs),
        actual_distance: kmOneDecimal(tracking.km),
        ...(tracking.position ? { position: tracking.position } : {}),
        ...(confirmFar ? { confirm_far_from_dropoff: true } : {}),
      });
      clearTrack(trip.id);
      showSnackbar(msg`Delivery completed`);
      await refresh();
    } catch (err) {
      const detail = getAppError(err).detail;
      // Far from the drop-off: nothing was written; the driver confirms or stays on the delivery.
      if (detail.code === 'trip.farFromDropoff') setFarFromDropoff(messageText(i18n, detail));
      // SPEC §4: if completion fails the timer resumes and an error shows.
      else showError(driverError(i18n, err, msg`Failed to complete delivery`));
    } finally {
      tracking.setPaused(false);
      setCompleting(false);
    }
  };

  const leg = routeLeg(phase);
  const destination = leg ? pointOf(leg === 'pickup' ? trip.calendar_event.pickup_address : trip.calendar_event.dropoff_address) : null;
  const destinationLabel = leg ? placeText(leg === 'pickup' ? trip.calendar_event.pickup_address : trip.calendar_event.dropoff_address) : '';
  const platform = navigationPlatform(navigator.userAgent, navigator.maxTouchPoints);

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
        {leg && destination ? (
          <a
            className="btn btn--secondary btn--md btn--block"
            href={navigationUrl(platform, destination, destinationLabel)}
            data-testid="navigate"
            data-leg={leg}
            {...(platform === 'android' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
          >
            <Icon name="map" />
            <span>{leg === 'pickup' ? <Trans>Navigate to the pickup</Trans> : <Trans>Navigate to the drop-off</Trans>}</span>
          </a>
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
      <ConfirmDialog
        open={farFromDropoff !== null}
        onClose={() => setFarFromDropoff(null)}
        title={<Trans>Complete the delivery here?</Trans>}
        variant="primary"
        onConfirm={() => complete(true)}
        loading={completing}
        confirmLabel={<Trans>Complete here</Trans>}
        testId="confirm-far"
      >
        <p data-testid="far-from-dropoff">{farFromDropoff}</p>
        <p className="muted">
          <Trans>The administrator sees that the delivery was completed away from the drop-off.</Trans>
        </p>
      </ConfirmDialog>
    </Card>
  );
}

type Address = DriverTrip['calendar_event']['pickup_address'];
const pointOf = (a: Address): LatLng | null => (a && a.latitude !== null && a.longitude !== null ? { lat: a.latitude, lng: a.longitude } : null);
const placeText = (a: Address) => (a ? [a.address, a.city].filter(Boolean).join(', ') : '');

function TripMap({ trip, position }: { trip: DriverTrip; position: LatLng | null }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const config = useConfig();
  const fmt = useFormat();
  const leg = routeLeg(trip.phase);
  const pickup = pointOf(trip.calendar_event.pickup_address);
  const dropoff = pointOf(trip.calendar_event.dropoff_address);
  // A leg's route starts where the phone was when it was first drawn (not re-asked on every fix); asked without a
  // fix (the server then starts from the last position it has), it is asked again once the first fix arrives.
  const [from, setFrom] = useState<{ leg: 'pickup' | 'dropoff'; at: LatLng | null } | null>(null);
  if (leg && (from?.leg !== leg || (from.at === null && position))) setFrom({ leg, at: position });
  const route = useQuery({
    ...trpc.driver.route.queryOptions({ id: trip.id, leg: from?.leg ?? 'pickup', ...(from?.at ? { from: from.at } : {}) }),
    enabled: leg !== null && from?.leg === leg,
    staleTime: Infinity,
  });
  // Only the current leg's answer is shown: a route kept from the previous leg would name the wrong place.
  const current = leg !== null && from?.leg === leg ? route.data : undefined;
  const points: RoutePoint[] = [];
  if (pickup) points.push({ id: 'pickup', kind: 'pickup', color: MAP_COLORS.pickup, ...pickup });
  if (dropoff) points.push({ id: 'dropoff', kind: 'dropoff', color: MAP_COLORS.dropoff, ...dropoff });
  if (position) points.push({ id: 'current', kind: 'current', color: MAP_COLORS.current, ...position });
  const drawn = current?.route ?? null;
  const lines: RouteLine[] = drawn ? [{ id: `route-${leg}`, coordinates: drawn.geometry, color: MAP_COLORS.route, dashed: drawn.is_estimate }] : [];
  const routeError = current?.error ? messageText(i18n, { code: current.error }) : route.isError ? i18n._(msg`Unable to calculate route`) : null;
  const km = drawn ? fmt.number(Math.round(drawn.distance_km * 10) / 10) : '';
  const minutes = drawn ? fmt.number(Math.round(drawn.duration_min)) : '';
  return (
    <div className="trip-map" data-testid="trip-map" data-leg={leg ?? ''} data-route={drawn ? (drawn.is_estimate ? 'estimate' : 'routed') : 'none'}>
      <RouteMap
        opened
        label={t`Map of the trip`}
        points={points}
        lines={lines}
        styleUrl={config.data?.map_style_url}
        height={320}
        follow="current"
        fit={leg ? ['current', leg] : undefined}
      />
      <TripMapLegend current={<Trans>You are here</Trans>}>
        {drawn ? (
          <li>
            <span className={`map-legend__line${drawn.is_estimate ? ' map-legend__line--dashed' : ''}`} style={{ color: MAP_COLORS.route }} />{' '}
            {drawn.is_estimate ? <Trans>Straight line: an estimate, not the road</Trans> : <Trans>Route by road</Trans>}
          </li>
        ) : null}
      </TripMapLegend>
      {routeError ? (
        <p className="field__error" role="status">
          {routeError}
        </p>
      ) : drawn ? (
        <p className="muted" role="status" data-testid="route-label">
          {leg === 'pickup' ? (
            <Trans>
              Route to the pickup: {km} km, {minutes} min
            </Trans>
          ) : (
            <Trans>
              Route to the drop-off: {km} km, {minutes} min
            </Trans>
          )}
          {drawn.is_estimate ? <> ({t`straight-line estimate`})</> : null}
        </p>
      ) : null}
    </div>
  );
}
