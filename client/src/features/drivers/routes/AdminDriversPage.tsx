// /admin/drivers: the drivers who log in to the driver app (name, email, phone, status), added, changed and
// removed by administrators (SPEC §7 CRUD admin/drivers; issue 15). Phone as SPEC §5: 8 to 15 digits.
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DRIVER_STATUSES } from '@shared/constants/enums';
import { createDriverInput } from '@shared/schemas/drivers';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { FormError, SelectField, TextField } from '@/components/ui/Field';
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
import { DRIVER_STATUS_LABEL } from '../lib/trip';
import '../drivers.css';

type Driver = RouterOutputs['drivers']['admin']['drivers']['items'][number];
type FormIn = z.input<typeof createDriverInput>;
type FormOut = z.output<typeof createDriverInput>;

function DriverDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const create = useMutation(trpc.drivers.admin.createDriver.mutationOptions());
  const update = useMutation(trpc.drivers.admin.updateDriver.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(createDriverInput),
    defaultValues: { name: driver?.name ?? '', email: driver?.email ?? '', phone: driver?.phone ?? '', status: driver?.status ?? 'AVAILABLE' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      if (driver) await update.mutateAsync({ id: driver.id, ...v });
      else await create.mutateAsync(v);
      await qc.invalidateQueries({ queryKey: trpc.drivers.pathKey() });
      showSnackbar(driver ? msg`Driver saved` : msg`Driver added`);
      onClose();
    } catch (err) {
      applyServerErrors(form, err, { shouldFocus: true });
      setFormError(errorText(i18n, err));
    }
  });
  return (
    <Dialog open onClose={onClose} title={driver ? <Trans>Edit driver</Trans> : <Trans>New driver</Trans>} closeLabel={t`Close`}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField label={<Trans>Name</Trans>} required data-autofocus error={fieldErrorText(i18n, errors.name)} {...form.register('name')} />
        <TextField label={<Trans>Email</Trans>} type="email" required error={fieldErrorText(i18n, errors.email)} {...form.register('email')} />
        <TextField
          label={<Trans>Phone number</Trans>}
          type="tel"
          required
          hint={<Trans>The driver logs in with this number: 8 to 15 digits; spaces, hyphens and + are fine.</Trans>}
          error={fieldErrorText(i18n, errors.phone)}
          {...form.register('phone')}
        />
        <SelectField label={<Trans>Status</Trans>} error={fieldErrorText(i18n, errors.status)} {...form.register('status')}>
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
        <FormError>{formError}</FormError>
        <DialogActions loading={create.isPending || update.isPending} onCancel={onClose}>
          <Trans>Save</Trans>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeleteDriverDialog({ driver, onClose }: { driver: Driver; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const remove = useMutation(trpc.drivers.admin.deleteDriver.mutationOptions());
  const name = driver.name;
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: driver.id });
      await qc.invalidateQueries({ queryKey: trpc.drivers.pathKey() });
      showSnackbar(msg`Driver removed`);
      onClose();
    } catch {
      /* shown below */
    }
  };
  return (
    <Dialog open onClose={onClose} title={<Trans>Remove {name}?</Trans>} closeLabel={t`Close`}>
      <div className="form">
        <p>
          <Trans>The driver can no longer log in. Completed trips keep their driver. Drivers with open trips cannot be removed.</Trans>
        </p>
        <FormError>{remove.isError ? errorText(i18n, remove.error) : null}</FormError>
        <DialogActions variant="danger" onConfirm={() => void confirm()} loading={remove.isPending} testId="confirm-delete" onCancel={onClose}>
          <Trans>Remove</Trans>
        </DialogActions>
      </div>
    </Dialog>
  );
}

export function AdminDriversPage() {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const query = useDebounced(q.trim(), 250);
  const list = useQuery({ ...trpc.drivers.admin.drivers.queryOptions({ q: query || undefined, page, size: 20 }), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<Driver | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Driver | null>(null);
  return (
    <>
      <PageHeader
        title={<Trans>Drivers</Trans>}
        description={<Trans>Drivers log in to the driver app with their email and phone number and carry the trips you schedule.</Trans>}
        actions={
          <Button icon={<Icon name="plus" />} onClick={() => setEditing('new')} data-testid="new-driver">
            <Trans>New driver</Trans>
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
            placeholder={t`Name, email or phone`}
          />
        </div>
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState onRetry={() => void list.refetch()}>
            <p>
              <Trans>The drivers could not be loaded.</Trans>
            </p>
          </ErrorState>
        ) : (
          <>
            <Table
              caption={<Trans>Drivers</Trans>}
              rows={list.data.items}
              rowKey={(d) => d.id}
              empty={<Trans>No drivers yet.</Trans>}
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
                {
                  key: 'actions',
                  header: <Trans>Actions</Trans>,
                  cell: (d) => (
                    <div className="row-actions">
                      <Button size="sm" variant="secondary" onClick={() => setEditing(d)} aria-label={t`Edit ${d.name}`}>
                        <Trans>Edit</Trans>
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setDeleting(d)} aria-label={t`Remove ${d.name}`}>
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
      {editing ? <DriverDialog driver={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteDriverDialog driver={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
