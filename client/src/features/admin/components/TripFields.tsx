// The fields a trip is planned with, the same on the schedule page (/admin/trips/new) and in a trip's reassign or
// reschedule dialog: who drives it in which vehicle (from the fleet), and on which day at what time. Each form
// places them in its own layout (fragments, no wrapper).
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Path, UseFormReturn } from 'react-hook-form';
import { SelectField, TextField } from '@/components/ui/Field';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useTRPC } from '@/lib/trpc';

/** What both trip forms have of these fields as typed (the create and update schemas differ elsewhere). */
interface TripFieldValues {
  driver_id?: unknown;
  vehicle_id?: unknown;
  event_date?: string;
  start_time?: string;
}

/** The fleet as the selects offer it: the first 100 drivers and vehicles. */
const FLEET = { page: 0, size: 100 };

/** The driver (required) and vehicle (may stay unassigned) selects. */
export function DriverVehicleFields<F extends TripFieldValues, O>({
  form,
  chooseDriver = false,
}: {
  form: UseFormReturn<F, unknown, O>;
  /** A first blank option asking to choose, where the form starts without a driver. */
  chooseDriver?: boolean;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const drivers = useQuery(trpc.drivers.admin.drivers.queryOptions(FLEET));
  const vehicles = useQuery(trpc.drivers.admin.vehicles.queryOptions(FLEET));
  const field = useFieldProps(form);
  return (
    <>
      <SelectField
        label={<Trans>Driver</Trans>}
        required
        {...field('driver_id' as Path<F>, { setValueAs: (x: string) => (x ? Number(x) : undefined) })}
      >
        {chooseDriver ? <option value="">{t`Choose a driver`}</option> : null}
        {(drivers.data?.items ?? []).map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={<Trans>Vehicle</Trans>} {...field('vehicle_id' as Path<F>, { setValueAs: (x: string) => (x ? Number(x) : null) })}>
        <option value="">{t`Not assigned`}</option>
        {(vehicles.data?.items ?? []).map((v) => (
          <option key={v.id} value={v.id}>
            {v.vehicle_number} · {v.make} {v.model}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** The day and the start time. */
export function DateTimeFields<F extends TripFieldValues, O>({ form }: { form: UseFormReturn<F, unknown, O> }) {
  const field = useFieldProps(form);
  return (
    <>
      <TextField label={<Trans>Date</Trans>} type="date" required {...field('event_date' as Path<F>)} />
      <TextField label={<Trans>Time</Trans>} type="time" required {...field('start_time' as Path<F>)} />
    </>
  );
}
