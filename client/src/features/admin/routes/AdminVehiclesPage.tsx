// /admin/vehicles: the fleet (number, make, model, capacity) with each vehicle's kg CO2e per km, which
// defaults to the DESNZ/Defra 2023 average-laden diesel HGV factor (docs/decisions/0110); a completed trip's
// transport CO2e is its km x this factor.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { HGV_FACTOR } from '@shared/lib/transport';
import { createVehicleInput } from '@shared/schemas/drivers';
import { CrudPage } from '../components/CrudPage';
import { TextField } from '@/components/ui/Field';
import { FormDialog } from '@/components/ui/FormDialog';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { useSchemaForm } from '@/hooks/useSchemaForm';

type Vehicle = RouterOutputs['drivers']['admin']['vehicles']['items'][number];
type FormOut = z.output<typeof createVehicleInput>;

function VehicleDialog({ vehicle, onSave, onClose }: { vehicle: Vehicle | null; onSave: (v: FormOut) => Promise<void>; onClose: () => void }) {
  const form = useSchemaForm(createVehicleInput, {
    defaultValues: {
      vehicle_number: vehicle?.vehicle_number ?? '',
      make: vehicle?.make ?? '',
      model: vehicle?.model ?? '',
      capacity_kg: vehicle?.capacity_kg ?? undefined,
      kgco2e_per_km: vehicle?.kgco2e_per_km ?? HGV_FACTOR.kgco2e,
    },
  });
  const field = useFieldProps(form);
  const factor = HGV_FACTOR.kgco2e;
  return (
    <FormDialog form={form} onSave={onSave} onClose={onClose} title={vehicle ? <Trans>Edit vehicle</Trans> : <Trans>New vehicle</Trans>}>
      <TextField label={<Trans>Vehicle number</Trans>} required data-autofocus {...field('vehicle_number')} />
      <div className="form-grid">
        <TextField label={<Trans>Make</Trans>} required {...field('make')} />
        <TextField label={<Trans>Model</Trans>} required {...field('model')} />
      </div>
      <TextField
        label={<Trans>Capacity (kg)</Trans>}
        type="number"
        inputMode="numeric"
        min={0}
        {...field('capacity_kg', { setValueAs: (x: string) => (x === '' || x === null ? null : Number(x)) })}
      />
      <TextField
        label={<Trans>kg CO2e per km</Trans>}
        type="number"
        inputMode="decimal"
        step="0.00001"
        min={0}
        required
        hint={<Trans>Default {factor}: DESNZ/Defra 2023, freighting goods, HGV (all diesel), all HGVs, average laden.</Trans>}
        {...field('kgco2e_per_km', { valueAsNumber: true })}
      />
    </FormDialog>
  );
}

export function AdminVehiclesPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const create = useMutation(trpc.drivers.admin.createVehicle.mutationOptions());
  const update = useMutation(trpc.drivers.admin.updateVehicle.mutationOptions());
  const remove = useMutation(trpc.drivers.admin.deleteVehicle.mutationOptions());
  return (
    <CrudPage
      title={<Trans>Vehicles</Trans>}
      description={
        <Trans>The fleet that carries the trips. Each completed trip adds its km times the vehicle’s factor to the synergy’s transport CO2e.</Trans>
      }
      newLabel={<Trans>New vehicle</Trans>}
      newTestId="new-vehicle"
      searchPlaceholder={t`Number, make or model`}
      listOptions={(params) => trpc.drivers.admin.vehicles.queryOptions(params)}
      loadError={<Trans>The vehicles could not be loaded.</Trans>}
      caption={<Trans>Vehicles</Trans>}
      empty={<Trans>No vehicles yet.</Trans>}
      rowKey={(v) => v.id}
      rowName={(v) => v.vehicle_number}
      columns={[
        { key: 'number', header: <Trans>Vehicle number</Trans>, cell: (v) => <strong>{v.vehicle_number}</strong> },
        { key: 'make', header: <Trans>Make and model</Trans>, cell: (v) => `${v.make} ${v.model}` },
        {
          key: 'capacity',
          header: <Trans>Capacity (kg)</Trans>,
          align: 'end',
          cell: (v) => (v.capacity_kg === null ? '–' : fmt.number(v.capacity_kg)),
        },
        { key: 'factor', header: <Trans>kg CO2e per km</Trans>, align: 'end', cell: (v) => fmt.number(v.kgco2e_per_km) },
      ]}
      editor={(v, onSave, close) => <VehicleDialog vehicle={v} onSave={onSave} onClose={close} />}
      save={{
        create: create.mutateAsync,
        update: (v, values) => update.mutateAsync({ id: v.id, ...values }),
        created: msg`Vehicle added`,
        saved: msg`Vehicle saved`,
      }}
      refresh={() => qc.invalidateQueries({ queryKey: trpc.drivers.pathKey() })}
      removal={{
        explain: <Trans>New trips can no longer use this vehicle. Trips that used it keep showing it.</Trans>,
        run: (v) => remove.mutateAsync({ id: v.id }),
        done: msg`Vehicle removed`,
      }}
    />
  );
}
