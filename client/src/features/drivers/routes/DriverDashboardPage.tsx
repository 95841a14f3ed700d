import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Card } from '@/components/ui/Card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { updateDriver, useDriverSession } from '@/lib/driverSession';
import { errorText } from '@/lib/errors';
import { useTRPC } from '@/lib/trpc';

function DriverStatus({ status }: { status: string }) {
  if (status === 'AVAILABLE') return <Trans>Available</Trans>;
  if (status === 'BUSY') return <Trans>Busy</Trans>;
  return <Trans>Off duty</Trans>;
}

/** Header with the driver's name and email (SPEC §2); trips, map and documents come with the logistics issue. */
export function DriverDashboardPage() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const session = useDriverSession();
  const me = useQuery(trpc.driver.me.queryOptions());
  useEffect(() => {
    if (me.data) updateDriver(me.data.driver);
  }, [me.data]);
  const driver = me.data?.driver ?? session?.driver;
  return (
    <div className="stack">
      {driver ? (
        <section className="driver-header card" aria-labelledby="page-title">
          <div>
            <h1 id="page-title" tabIndex={-1} className="driver-header__name">
              {driver.name}
            </h1>
            <p className="driver-header__email">{driver.email}</p>
          </div>
          <span className={`badge badge--${String(driver.status).toLowerCase()}`}>
            <DriverStatus status={driver.status} />
          </span>
        </section>
      ) : me.isPending ? (
        <LoadingState />
      ) : null}
      {me.isError && !driver ? <ErrorState onRetry={() => void me.refetch()}>{errorText(i18n, me.error)}</ErrorState> : null}
      <Card>
        <EmptyState icon="truck" title={<Trans>Your trips</Trans>}>
          <p>
            <Trans>Each trip assigned to you gets its own tab with the pickup and drop-off, the materials, a map and your documents.</Trans>
          </p>
        </EmptyState>
      </Card>
    </div>
  );
}
