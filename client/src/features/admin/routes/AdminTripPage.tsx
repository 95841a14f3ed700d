// /admin/trips/{id}: one trip for administrators: its status, schedule, people, materials, estimate and what was
// driven, its documents, and a map with the route and the driver's position moving live (driverLocation).
// While ASSIGNED it can be reassigned or rescheduled; until it is completed it can be cancelled.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { updateTripInput } from '@shared/schemas/drivers';
import { RouteMap, type RoutePoint } from '@/components/map';
import { Button, ButtonLink } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { TextArea, TextField } from '@/components/ui/Field';
import { FormDialog } from '@/components/ui/FormDialog';
import { Icon } from '@/components/ui/Icon';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { useConfig } from '@/hooks/useConfig';
import { useRealtimeEvent } from '@/hooks/useRealtime';
import { useFieldProps } from '@/hooks/useFieldProps';
import { errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { messageText } from '@/lib/messages';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { MAP_COLORS } from '@/components/trip/status';
import { TripDocumentList, TripFacts, TripMapLegend } from '@/components/trip/TripFacts';
import { TripStatusBadge } from '@/components/trip/TripStatusBadge';
import { DateTimeFields, DriverVehicleFields } from '../components/TripFields';
import '@/components/trip/trip.css';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import '../admin-console.css';

type Trip = RouterOutputs['drivers']['admin']['trip'];
type FormOut = z.output<typeof updateTripInput>;

function EditTripDialog({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const update = useMutation(trpc.drivers.admin.updateTrip.mutationOptions());
  const form = useSchemaForm(updateTripInput, {
    defaultValues: {
      id: trip.id,
      driver_id: trip.driver?.id,
      vehicle_id: trip.vehicle?.id ?? null,
      event_date: trip.calendar_event.event_date ?? undefined,
      start_time: trip.calendar_event.start_time ?? undefined,
      contact_person: trip.calendar_event.contact_person ?? undefined,
      notes: trip.calendar_event.notes ?? '',
    },
  });
  const field = useFieldProps(form);
  const save = async (v: FormOut) => {
    await update.mutateAsync(v);
    await qc.invalidateQueries({ queryKey: trpc.drivers.pathKey() });
    showSnackbar(msg`Trip saved`);
    onClose();
  };
  return (
    <FormDialog form={form} onSave={save} onClose={onClose} title={<Trans>Reassign or reschedule</Trans>}>
      <DriverVehicleFields form={form} />
      <div className="form-grid">
        <DateTimeFields form={form} />
      </div>
      <TextField label={<Trans>Contact person</Trans>} {...field('contact_person')} />
      <TextArea label={<Trans>Notes for the driver</Trans>} {...field('notes')} />
    </FormDialog>
  );
}

function CancelTripDialog({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const update = useMutation(trpc.drivers.admin.updateTrip.mutationOptions());
  const confirm = async () => {
    await update.mutateAsync({ id: trip.id, status: 'CANCELLED' });
    await qc.invalidateQueries({ queryKey: trpc.drivers.pathKey() });
    showSnackbar(msg`Trip cancelled`);
    onClose();
  };
  return (
    <ConfirmDialog
      title={<Trans>Cancel this trip?</Trans>}
      confirmLabel={<Trans>Cancel trip</Trans>}
      onConfirm={confirm}
      onClose={onClose}
      testId="confirm-cancel"
    >
      <p>
        <Trans>The driver no longer sees the trip. This cannot be undone; schedule a new pickup instead.</Trans>
      </p>
    </ConfirmDialog>
  );
}

function TripRouteMap({ trip }: { trip: Trip }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const config = useConfig();
  const route = useQuery(trpc.drivers.admin.tripRoute.queryOptions({ id: trip.id }));
  const live = useQuery(trpc.drivers.admin.livePositions.queryOptions());
  const key = trpc.drivers.admin.livePositions.queryKey();
  // The driver's phone reports its position; the truck moves here without a reload.
  useRealtimeEvent('driverLocation', (e) => {
    if (e.driver_id !== trip.driver?.id) return;
    qc.setQueryData(key, (old) => {
      const items = old?.items ?? [];
      const known = items.some((x) => x.driver_id === e.driver_id);
      const moved = {
        driver_id: e.driver_id,
        name: trip.driver?.name ?? '',
        status: 'BUSY' as const,
        lat: e.lat,
        lng: e.lng,
        at: new Date(e.at),
        trip_id: e.trip_id,
        trip_phase: null,
      };
      return {
        items: known ? items.map((x) => (x.driver_id === e.driver_id ? { ...x, lat: e.lat, lng: e.lng, at: new Date(e.at) } : x)) : [...items, moved],
      };
    });
  });
  const e = trip.calendar_event;
  const driver = live.data?.items.find((x) => x.driver_id === trip.driver?.id);
  const points: RoutePoint[] = [];
  if (e.pickup_address?.latitude != null && e.pickup_address.longitude != null)
    points.push({ id: 'pickup', kind: 'pickup', color: MAP_COLORS.pickup, lat: e.pickup_address.latitude, lng: e.pickup_address.longitude });
  if (e.dropoff_address?.latitude != null && e.dropoff_address.longitude != null)
    points.push({ id: 'dropoff', kind: 'dropoff', color: MAP_COLORS.dropoff, lat: e.dropoff_address.latitude, lng: e.dropoff_address.longitude });
  const showDriver = driver && (trip.phase === 'ON_ROUTE' || trip.phase === 'ARRIVED' || trip.phase === 'DELIVERING');
  if (showDriver) points.push({ id: 'driver', kind: 'driver', color: MAP_COLORS.current, lat: driver.lat, lng: driver.lng });
  const lines = route.data?.route
    ? [{ id: 'route', coordinates: route.data.route.geometry, color: MAP_COLORS.route, dashed: route.data.route.is_estimate }]
    : [];
  return (
    <div className="trip-map">
      <RouteMap
        label={t`Map of the trip`}
        points={points}
        lines={lines}
        styleUrl={config.data?.map_style_url}
        height={360}
        follow={showDriver ? 'driver' : undefined}
      />
      <TripMapLegend current={<Trans>Driver</Trans>} />
      {showDriver ? (
        <p className="muted" role="status" data-testid="driver-position">
          <Trans>Driver’s position</Trans>: {driver.lat.toFixed(4)}, {driver.lng.toFixed(4)}
        </p>
      ) : null}
      {route.data?.error ? <p className="field__error">{messageText(i18n, { code: route.data.error })}</p> : null}
      {route.data?.route?.is_estimate ? (
        <p className="muted">
          <Trans>The dashed line is a straight-line estimate, not a road route.</Trans>
        </p>
      ) : null}
    </div>
  );
}

export function AdminTripPage({ params }: { params: Record<string, string> }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const id = Number(params.tripId);
  const trip = useQuery({ ...trpc.drivers.admin.trip.queryOptions({ id }), enabled: Number.isInteger(id) && id > 0 });
  const [dialog, setDialog] = useState<'edit' | 'cancel' | null>(null);
  useRealtimeEvent('tripChanged', (e) => {
    if (e.trip_id === id) void qc.invalidateQueries({ queryKey: trpc.drivers.admin.trip.queryKey({ id }) });
  });
  if (trip.isPending) return <LoadingState />;
  if (trip.isError) return <ErrorState onRetry={() => void trip.refetch()}>{errorText(i18n, trip.error)}</ErrorState>;
  const x = trip.data;
  const e = x.calendar_event;
  return (
    <>
      <PageHeader
        title={<Trans>Trip #{x.id}</Trans>}
        description={
          <>
            {e.company.name} · {e.event_date ? fmt.day(e.event_date) : ''} {e.start_time}
          </>
        }
        actions={
          <div className="row-actions">
            <TripStatusBadge status={x.status} phase={x.phase} />
            {x.actions.includes('edit') ? (
              <Button variant="secondary" icon={<Icon name="edit" />} onClick={() => setDialog('edit')}>
                <Trans>Reassign or reschedule</Trans>
              </Button>
            ) : null}
            {x.actions.includes('cancel') ? (
              <Button variant="danger" icon={<Icon name="cancel" />} onClick={() => setDialog('cancel')}>
                <Trans>Cancel trip</Trans>
              </Button>
            ) : null}
            <ButtonLink href="/admin/trips" variant="ghost">
              <Trans>All trips</Trans>
            </ButtonLink>
          </div>
        }
      />
      <div className="trip-detail">
        <div className="stack">
          <Card title={<Trans>Schedule</Trans>}>
            <TripFacts
              trip={x}
              lead={
                <div>
                  <dt>{t`Driver`}</dt>
                  <dd>{x.driver ? `${x.driver.name} (${x.driver.phone})` : t`N/A`}</dd>
                </div>
              }
              after={
                x.status === 'COMPLETED' ? (
                  <>
                    <div>
                      <dt>{t`Distance driven`}</dt>
                      <dd data-testid="actual-distance">{`${fmt.number(x.actual_distance ?? 0)} km`}</dd>
                    </div>
                    <div>
                      <dt>{t`Delivery time`}</dt>
                      <dd>{`${fmt.number(x.actual_duration ?? 0)} min`}</dd>
                    </div>
                    <div>
                      <dt>{t`Transport CO2e`}</dt>
                      <dd>{`${fmt.number(x.transport_co2e_kg ?? 0)} kg`}</dd>
                    </div>
                    <CompletedWhere km={x.completed_km_from_dropoff} far={x.completed_far_confirmed} />
                  </>
                ) : null
              }
            />
          </Card>
          <Card title={<Trans>Documents ({x.documents.length})</Trans>}>
            {x.documents.length === 0 ? (
              <p className="muted">
                <Trans>No documents yet.</Trans>
              </p>
            ) : (
              <TripDocumentList items={x.documents} onError={(text) => showSnackbar(text, { tone: 'error' })} />
            )}
          </Card>
        </div>
        <Card title={<Trans>Map</Trans>}>
          <TripRouteMap trip={x} />
        </Card>
      </div>
      {dialog === 'edit' ? <EditTripDialog trip={x} onClose={() => setDialog(null)} /> : null}
      {dialog === 'cancel' ? <CancelTripDialog trip={x} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/** Where Complete Delivery was pressed: at the drop-off, or farther than 1 km and confirmed by the driver (docs/decisions/0203). */
function CompletedWhere({ km, far }: { km: number | null; far: boolean }) {
  const { t } = useLingui();
  const fmt = useFormat();
  const distance = km === null ? '' : fmt.number(Math.round(km * 10) / 10);
  const metres = km === null ? '' : fmt.number(Math.round(km * 1000));
  return (
    <div className="trip-facts__wide" data-testid="completed-where" data-far={far}>
      <dt>{t`Completed at`}</dt>
      <dd>
        {km === null ? (
          <Trans>Position unknown</Trans>
        ) : far ? (
          <span className="trip-hazard">
            <Icon name="alert" size={14} /> <Trans>{distance} km from the drop-off: the driver confirmed completing there</Trans>
          </span>
        ) : (
          <Trans>The drop-off ({metres} m away)</Trans>
        )}
      </dd>
    </div>
  );
}
