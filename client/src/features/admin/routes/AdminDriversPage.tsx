// /admin/drivers: the drivers who log in to the driver app (name, email, phone, status), added, changed and
// removed by administrators (SPEC §7 CRUD admin/drivers). Phone as SPEC §5: 8 to 15 digits.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { DRIVER_STATUSES } from '@shared/constants/enums';
import { createDriverInput } from '@shared/schemas/drivers';
import { CrudPage } from '../components/CrudPage';
import { SelectField, TextField } from '@/components/ui/Field';
import { FormDialog } from '@/components/ui/FormDialog';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { DRIVER_STATUS_LABEL } from '@/components/trip/status';
import { useSchemaForm } from '@/hooks/useSchemaForm';

type Driver = RouterOutputs['drivers']['admin']['drivers']['items'][number];
type FormOut = z.output<typeof createDriverInput>;

function DriverDialog({ driver, onSave, onClose }: { driver: Driver | null; onSave: (v: FormOut) => Promise<void>; onClose: () => void }) {
  const { i18n } = useLingui();
  const form = useSchemaForm(createDriverInput, {
    defaultValues: { name: driver?.name ?? '', email: driver?.email ?? '', phone: driver?.phone ?? '', status: driver?.status ?? 'AVAILABLE' },
  });
  const field = useFieldProps(form);
  return (
    <FormDialog form={form} onSave={onSave} onClose={onClose} title={driver ? <Trans>Edit driver</Trans> : <Trans>New driver</Trans>}>
      <TextField label={<Trans>Name</Trans>} required data-autofocus {...field('name')} />
      <TextField label={<Trans>Email</Trans>} type="email" required {...field('email')} />
      <TextField
        label={<Trans>Phone number</Trans>}
        type="tel"
        required
        hint={<Trans>The driver logs in with this number: 8 to 15 digits; spaces, hyphens and + are fine.</Trans>}
        {...field('phone')}
      />
      <SelectField label={<Trans>Status</Trans>} {...field('status')}>
        {DRIVER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {i18n._(DRIVER_STATUS_LABEL[s])}
          </option>
        ))}
      </SelectField>
      {driver ? (
        <p className="muted">
          <Trans>A new email or phone number logs the driver out everywhere.</Trans>
        </p>
      ) : null}
    </FormDialog>
  );
}

export function AdminDriversPage() {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const create = useMutation(trpc.drivers.admin.createDriver.mutationOptions());
  const update = useMutation(trpc.drivers.admin.updateDriver.mutationOptions());
  const remove = useMutation(trpc.drivers.admin.deleteDriver.mutationOptions());
  return (
    <CrudPage
      title={<Trans>Drivers</Trans>}
      description={<Trans>Drivers log in to the driver app with their email and phone number and carry the trips you schedule.</Trans>}
      newLabel={<Trans>New driver</Trans>}
      newTestId="new-driver"
      searchPlaceholder={t`Name, email or phone`}
      listOptions={(params) => trpc.drivers.admin.drivers.queryOptions(params)}
      loadError={<Trans>The drivers could not be loaded.</Trans>}
      caption={<Trans>Drivers</Trans>}
      empty={<Trans>No drivers yet.</Trans>}
      rowKey={(d) => d.id}
      rowName={(d) => d.name}
      columns={[
        { key: 'name', header: <Trans>Name</Trans>, cell: (d) => <strong>{d.name}</strong> },
        { key: 'email', header: <Trans>Email</Trans>, cell: (d) => d.email },
        { key: 'phone', header: <Trans>Phone</Trans>, cell: (d) => d.phone },
        {
          key: 'status',
          header: <Trans>Status</Trans>,
          cell: (d) => <span className={`badge badge--${d.status.toLowerCase()}`}>{i18n._(DRIVER_STATUS_LABEL[d.status])}</span>,
        },
        {
          key: 'seen',
          header: <Trans>Last position</Trans>,
          cell: (d) => (d.location_updated_at ? fmt.dateTime(d.location_updated_at) : <span className="muted">{t`None yet`}</span>),
        },
      ]}
      editor={(d, onSave, close) => <DriverDialog driver={d} onSave={onSave} onClose={close} />}
      save={{
        create: create.mutateAsync,
        update: (d, v) => update.mutateAsync({ id: d.id, ...v }),
        created: msg`Driver added`,
        saved: msg`Driver saved`,
      }}
      refresh={() => qc.invalidateQueries({ queryKey: trpc.drivers.pathKey() })}
      removal={{
        explain: <Trans>The driver can no longer log in. Completed trips keep their driver. Drivers with open trips cannot be removed.</Trans>,
        run: (d) => remove.mutateAsync({ id: d.id }),
        done: msg`Driver removed`,
      }}
    />
  );
}
