// /admin/vehicles: the fleet (number, make, model, capacity) with each vehicle's kg CO2e per km, which
// defaults to the DESNZ/Defra 2023 average-laden diesel HGV factor (docs/decisions/0110); a completed trip's
// transport CO2e is its km x this factor.
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { HGV_FACTOR } from '@shared/lib/transport';
import { createVehicleInput } from '@shared/schemas/drivers';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { FormError, TextField } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { Pagination } from '@/components/ui/Pagination';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { Table } from '@/components/ui/Table';
import { useDebounced } from '@/hooks/useDebounced';
import { errorText, fieldErrorText } from '@/lib/errors';
import { applyServerErrors } from '@/lib/forms';
import { useFormat } from '@/lib/format';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import '../drivers.css';

type Vehicle = RouterOutputs['drivers']['admin']['vehicles']['items'][number];
type FormIn = z.input<typeof createVehicleInput>;
type FormOut = z.output<typeof createVehicleInput>;

function VehicleDialog({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const create = useMutation(trpc.drivers.admin.createVehicle.mutationOptions());
  const update = useMutation(trpc.drivers.admin.updateVehicle.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(createVehicleInput),
    defaultValues: {
      vehicle_number: vehicle?.vehicle_number ?? '',
      make: vehicle?.make ?? '',
      model: vehicle?.model ?? '',
      capacity_kg: vehicle?.capacity_kg ?? undefined,
      kgco2e_per_km: vehicle?.kgco2e_per_km ?? HGV_FACTOR.kgco2e,
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      if (vehicle) await update.mutateAsync({ id: vehicle.id, ...v });
      else await create.mutateAsync(v);
      await qc.invalidateQueries({ queryKey: trpc.drivers.pathKey() });
      showSnackbar(vehicle ? msg`Vehicle saved` : msg`Vehicle added`);
      onClose();
    } catch (err) {
      applyServerErrors(form, err, { shouldFocus: true });
      setFormError(errorText(i18n, err));
    }
  });
  const factor = HGV_FACTOR.kgco2e;
  return (
    <Dialog open onClose={onClose} title={vehicle ? <Trans>Edit vehicle</Trans> : <Trans>New vehicle</Trans>} closeLabel={t`Close`}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          label={<Trans>Vehicle number</Trans>}
          required
          data-autofocus
          error={fieldErrorText(i18n, errors.vehicle_number)}
          {...form.register('vehicle_number')}
        />
        <div className="form-grid">
          <TextField label={<Trans>Make</Trans>} required error={fieldErrorText(i18n, errors.make)} {...form.register('make')} />
          <TextField label={<Trans>Model</Trans>} required error={fieldErrorText(i18n, errors.model)} {...form.register('model')} />
        </div>
        <TextField
          label={<Trans>Capacity (kg)</Trans>}
          type="number"
          inputMode="numeric"
          min={0}
          error={fieldErrorText(i18n, errors.capacity_kg)}
          {...form.register('capacity_kg', { setValueAs: (x: string) => (x === '' || x === null ? null : Number(x)) })}
        />
        <TextField
          label={<Trans>kg CO2e per km</Trans>}
          type="number"
          inputMode="decimal"
          step="0.00001"
          min={0}
          required
          hint={<Trans>Default {factor}: DESNZ/Defra 2023, freighting goods, HGV (all diesel), all HGVs, average laden.</Trans>}
          error={fieldErrorText(i18n, errors.kgco2e_per_km)}
          {...form.register('kgco2e_per_km', { valueAsNumber: true })}
        />
        <FormError>{formError}</FormError>
        <DialogActions loading={create.isPending || update.isPending} onCancel={onClose}>
          <Trans>Save</Trans>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeleteVehicleDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const remove = useMutation(trpc.drivers.admin.deleteVehicle.mutationOptions());
  const name = vehicle.vehicle_number;
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: vehicle.id });
      await qc.invalidateQueries({ queryKey: trpc.drivers.pathKey() });
      showSnackbar(msg`Vehicle removed`);
      onClose();
    } catch {
      /* shown below */
    }
  };
  return (
    <Dialog open onClose={onClose} title={<Trans>Remove {name}?</Trans>} closeLabel={t`Close`}>
      <div className="form">
        <p>
          <Trans>New trips can no longer use this vehicle. Trips that used it keep showing it.</Trans>
        </p>
        <FormError>{remove.isError ? errorText(i18n, remove.error) : null}</FormError>
        <DialogActions variant="danger" onConfirm={() => void confirm()} loading={remove.isPending} testId="confirm-delete" onCancel={onClose}>
          <Trans>Remove</Trans>
        </DialogActions>
      </div>
    </Dialog>
  );
}

export function AdminVehiclesPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const query = useDebounced(q.trim(), 250);
  const list = useQuery({
    ...trpc.drivers.admin.vehicles.queryOptions({ q: query || undefined, page, size: 20 }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Vehicle | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  return (
    <>
      <PageHeader
        title={<Trans>Vehicles</Trans>}
        description={
          <Trans>The fleet that carries the trips. Each completed trip adds its km times the vehicle’s factor to the synergy’s transport CO2e.</Trans>
        }
        actions={
          <Button icon={<Icon name="plus" />} onClick={() => setEditing('new')} data-testid="new-vehicle">
            <Trans>New vehicle</Trans>
          </Button>
        }
      />
      <Card>
        <div className="form-grid">
          <TextField
            label={<Trans>Search</Trans>}
            type="search"
            value={q}
            onChange={(e) => (setQ(e.target.value), setPage(0))}
            placeholder={t`Number, make or model`}
          />
        </div>
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState onRetry={() => void list.refetch()}>
            <p>
              <Trans>The vehicles could not be loaded.</Trans>
            </p>
          </ErrorState>
        ) : (
          <>
            <Table
              caption={<Trans>Vehicles</Trans>}
              rows={list.data.items}
              rowKey={(v) => v.id}
              empty={<Trans>No vehicles yet.</Trans>}
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
                {
                  key: 'actions',
                  header: <Trans>Actions</Trans>,
                  cell: (v) => (
                    <div className="row-actions">
                      <Button size="sm" variant="secondary" onClick={() => setEditing(v)} aria-label={t`Edit ${v.vehicle_number}`}>
                        <Trans>Edit</Trans>
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setDeleting(v)} aria-label={t`Remove ${v.vehicle_number}`}>
                        <Trans>Remove</Trans>
                      </Button>
                    </div>
                  ),
                },
              ]}
            />
            {list.data.totalPages > 1 ? (
              <Pagination
                page={page}
                size={20}
                total={list.data.total}
                totalPages={list.data.totalPages}
                itemsOnPage={list.data.items.length}
                onPage={setPage}
              />
            ) : null}
          </>
        )}
      </Card>
      {editing ? <VehicleDialog vehicle={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteVehicleDialog vehicle={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
