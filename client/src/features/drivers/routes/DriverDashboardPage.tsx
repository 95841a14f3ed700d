// /driver (SPEC §2 "Driver dashboard", phone first): the driver's name and email, one tab per task, and for the
// selected task its assignment, actions with the map and the delivery panel, and its documents. No trips: the
// No Active Trips state. Errors show for 5 s. The phone's position is watched while a trip is under way.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '@shared/constants/limits';
import { isActivePhase } from '@shared/machines/trip';
import { Card } from '@/components/ui/Card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { Tabs } from '@/components/ui/Tabs';
import { DRIVER_STATUS_LABEL } from '@/components/trip/status';
import { updateDriver, useDriverSession } from '@/lib/driverSession';
import { errorText } from '@/lib/errors';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { AssignmentCard } from '../components/AssignmentCard';
import { DocumentsCard } from '../components/DocumentsCard';
import { driverError, TripActionsCard } from '../components/TripActionsCard';
import { useTracking } from '../lib/useTracking';
import '../drivers.css';

/** Trips are re-read this often, so a trip an administrator adds, moves or cancels shows up without a reload. */
const REFRESH_MS = 30_000;

export function DriverDashboardPage() {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const session = useDriverSession();
  const me = useQuery(trpc.driver.me.queryOptions());
  useEffect(() => {
    if (me.data) updateDriver(me.data.driver);
  }, [me.data]);
  const driver = me.data?.driver ?? session?.driver;

  const trips = useQuery({ ...trpc.driver.trips.queryOptions({ scope: 'open' }), refetchInterval: REFRESH_MS });
  useEffect(() => {
    if (trips.error) showSnackbar(driverError(i18n, trips.error, msg`Failed to load trips`), { tone: 'error', duration: LIMITS.driverSnackbarMs });
  }, [trips.error, i18n]);

  const items = trips.data?.items ?? [];
  const [selected, setSelected] = useState<number | null>(null);
  // A trip picked from the list is read again on its own (GET api/driver/trips/{id}), so what it shows is
  // current even between two refreshes of the list.
  const detail = useQuery({ ...trpc.driver.trip.queryOptions({ id: selected ?? 0 }), enabled: selected !== null });
  useEffect(() => {
    if (detail.error)
      showSnackbar(driverError(i18n, detail.error, msg`Failed to load trip details`), { tone: 'error', duration: LIMITS.driverSnackbarMs });
  }, [detail.error, i18n]);
  const listed = items.find((x) => x.id === selected) ?? items[0] ?? null;
  const current = listed && detail.data?.id === listed.id && detail.dataUpdatedAt > trips.dataUpdatedAt ? detail.data : listed;
  const [mapOpen, setMapOpen] = useState(false);
  const noteInput = useRef<HTMLInputElement>(null);

  const location = useMutation(trpc.driver.updateLocation.mutationOptions());
  const underWay = items.some((x) => isActivePhase(x.phase));
  const delivering = items.find((x) => x.phase === 'DELIVERING' && x.delivery_started_at);
  const tracking = useTracking({
    active: underWay || mapOpen,
    delivery: delivering ? { tripId: delivering.id, startedAt: delivering.delivery_started_at! } : null,
    report: (at) => location.mutateAsync(at),
  });

  return (
    <div className="stack driver-app">
      {driver ? (
        <section className="driver-header card spread" aria-labelledby="page-title">
          <div>
            <h1 id="page-title" tabIndex={-1} className="driver-header__name">
              {driver.name}
            </h1>
            <p className="driver-header__email">{driver.email}</p>
          </div>
          <span className={`badge badge--${String(driver.status).toLowerCase()}`}>{i18n._(DRIVER_STATUS_LABEL[driver.status])}</span>
        </section>
      ) : me.isPending ? (
        <LoadingState />
      ) : null}
      {me.isError && !driver ? <ErrorState onRetry={() => void me.refetch()}>{errorText(i18n, me.error)}</ErrorState> : null}

      {trips.isPending ? (
        <LoadingState />
      ) : trips.isError && !trips.data ? (
        <Card>
          <ErrorState onRetry={() => void trips.refetch()}>{driverError(i18n, trips.error, msg`Failed to load trips`)}</ErrorState>
        </Card>
      ) : !current ? (
        <Card>
          <EmptyState icon="truck" title={<Trans>No Active Trips</Trans>}>
            <p>
              <Trans>You have no trips assigned at the moment.</Trans>
            </p>
          </EmptyState>
        </Card>
      ) : (
        <Tabs
          label={t`Your tasks`}
          items={items.map((x, i) => ({ id: String(x.id), label: <Trans>Task #{i + 1}</Trans> }))}
          selected={String(current.id)}
          onSelect={(id) => {
            setSelected(Number(id));
            setMapOpen(false);
          }}
        >
          <div className="stack" data-testid="trip" data-trip-id={current.id}>
            <AssignmentCard trip={current} />
            <TripActionsCard
              trip={current}
              tracking={tracking}
              mapOpen={mapOpen}
              setMapOpen={setMapOpen}
              onAttachNote={() => noteInput.current?.click()}
            />
            <DocumentsCard trip={current} noteInputRef={noteInput} />
          </div>
        </Tabs>
      )}
    </div>
  );
}
