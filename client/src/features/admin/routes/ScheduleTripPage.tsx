// /admin/trips/new?exchange={id}: schedule a pickup for a synergy (PRODUCT.md "Logistics"): pick the synergy,
// then the driver, vehicle, contact, pickup and drop-off (prefilled with the two companies' addresses, changed
// through the geocoder or the map), date, time, materials and notes. The trip starts ASSIGNED with the router's
// estimate.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { createTripInput } from '@shared/schemas/drivers';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import { AddressField } from '@/components/forms/AddressField';
import { formatQuantity } from '@/components/listing/format';
import { Button, ButtonLink } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { Checkbox, FormError, TextArea, TextField } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { useDebounced } from '@/hooks/useDebounced';
import { fieldErrorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { addDays, todayIso } from '../lib/calendar';
import { DateTimeFields, DriverVehicleFields } from '../components/TripFields';
import '../admin-console.css';

type Synergy = RouterOutputs['drivers']['admin']['schedulable']['items'][number];
type FormIn = z.input<typeof createTripInput>;
type Address = NonNullable<Synergy['providing_company']['address']>;

function SynergyPicker() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const lang = useLanguage();
  const fmt = useFormat();
  const [, navigate] = useLocation();
  const [q, setQ] = useState('');
  const query = useDebounced(q.trim(), 250);
  const list = useQuery({ ...trpc.drivers.admin.schedulable.queryOptions({ q: query || undefined }), placeholderData: keepPreviousData });
  return (
    <Card title={<Trans>Which synergy?</Trans>}>
      <TextField
        label={<Trans>Search synergies in progress</Trans>}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t`Company or listing`}
      />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon="handshake" title={<Trans>No synergy in progress matches</Trans>} />
      ) : (
        <ul className="synergy-pick">
          {list.data.items.map((s) => (
            <li key={s.id}>
              <button type="button" onClick={() => navigate(`/admin/trips/new?exchange=${s.id}`)} data-testid="pick-synergy" data-exchange-id={s.id}>
                <strong>{s.title}</strong>
                <br />
                <span className="muted">
                  {s.providing_company.name} → {s.requesting_company.name} · {formatQuantity(lang, s.quantity, s.quantity_unit)} ·{' '}
                  {fmt.date(s.created_at)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function AddressInput({
  label,
  value,
  onChange,
  error,
}: {
  label: React.ReactNode;
  value: Address | null;
  onChange: (a: Address | null) => void;
  error?: string;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(value ? `${value.address}, ${value.city}` : '');
  return (
    <AddressField
      label={label}
      mapLabel={t`Map: click the place`}
      value={text}
      country=""
      coordinates={value ? { lat: value.latitude, lng: value.longitude } : null}
      error={error}
      onType={(s) => {
        setText(s);
        onChange(null);
      }}
      onPick={(p) => {
        setText(p.display_name);
        onChange({ address: p.address, city: p.city, country: p.country, latitude: p.latitude, longitude: p.longitude });
      }}
    />
  );
}

function ScheduleForm({ synergy }: { synergy: Synergy }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const create = useMutation(trpc.drivers.admin.createTrip.mutationOptions());
  const form = useSchemaForm(createTripInput, {
    defaultValues: {
      exchange_id: synergy.id,
      contact_person: '',
      event_date: addDays(todayIso(), 1),
      start_time: '09:00',
      materials: synergy.material_id ? [synergy.material_id] : [],
      notes: '',
      pickup_address: synergy.providing_company.address ?? undefined,
      dropoff_address: synergy.requesting_company.address ?? undefined,
    },
  });
  const { errors } = form.formState;
  const pickup = useWatch({ control: form.control, name: 'pickup_address' }) as Address | undefined;
  const dropoff = useWatch({ control: form.control, name: 'dropoff_address' }) as Address | undefined;
  const materials = useWatch({ control: form.control, name: 'materials' });
  const setAddress = (key: 'pickup_address' | 'dropoff_address') => (a: Address | null) =>
    form.setValue(key, (a ?? undefined) as FormIn[typeof key], { shouldValidate: form.formState.isSubmitted });
  const { onSubmit, formError } = useFormSubmit(form, async (v) => {
    const trip = await create.mutateAsync(v);
    await qc.invalidateQueries({ queryKey: trpc.drivers.pathKey() });
    showSnackbar(msg`Pickup scheduled`);
    navigate(`/admin/trips/${trip.id}`);
  });
  const addressError = (e: unknown) =>
    e ? (fieldErrorText(i18n, e as { message?: string }) ?? t`Pick an address from the suggestions or the map`) : undefined;
  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="schedule-form">
      <div className="form-grid">
        <DriverVehicleFields form={form} chooseDriver />
        <TextField
          label={<Trans>Contact person</Trans>}
          required
          error={fieldErrorText(i18n, errors.contact_person)}
          {...form.register('contact_person')}
        />
        <DateTimeFields form={form} />
      </div>
      <AddressInput
        label={<Trans>Pickup address</Trans>}
        value={pickup ?? null}
        onChange={setAddress('pickup_address')}
        error={addressError(errors.pickup_address)}
      />
      <AddressInput
        label={<Trans>Drop-off address</Trans>}
        value={dropoff ?? null}
        onChange={setAddress('dropoff_address')}
        error={addressError(errors.dropoff_address)}
      />
      <fieldset className="check-list">
        <legend className="field__label">
          <Trans>Materials to pick up</Trans>
        </legend>
        {synergy.material_id ? (
          <Checkbox
            label={synergy.title ?? t`Synergy`}
            checked={(materials ?? []).includes(synergy.material_id)}
            onChange={(e) =>
              form.setValue('materials', e.currentTarget.checked ? [synergy.material_id!] : [], { shouldValidate: form.formState.isSubmitted })
            }
          />
        ) : (
          <p className="muted">
            <Trans>This synergy has no listing to carry.</Trans>
          </p>
        )}
        {errors.materials ? <p className="field__error">{fieldErrorText(i18n, errors.materials as { message?: string })}</p> : null}
      </fieldset>
      <TextArea label={<Trans>Notes for the driver</Trans>} error={fieldErrorText(i18n, errors.notes)} {...form.register('notes')} />
      <FormError>{formError}</FormError>
      <div className="row-actions">
        <Button type="submit" loading={create.isPending} data-testid="schedule-submit">
          <Trans>Schedule pickup</Trans>
        </Button>
        <ButtonLink href="/admin/trips" variant="secondary">
          <Trans>Cancel</Trans>
        </ButtonLink>
      </div>
    </form>
  );
}

export function ScheduleTripPage() {
  const trpc = useTRPC();
  const lang = useLanguage();
  const search = useSearch();
  const exchangeId = Number(new URLSearchParams(search).get('exchange')) || null;
  const chosen = useQuery({ ...trpc.drivers.admin.schedulable.queryOptions({ exchange_id: exchangeId ?? undefined }), enabled: exchangeId !== null });
  const synergy = chosen.data?.items[0];
  return (
    <>
      <PageHeader
        title={<Trans>Schedule a pickup</Trans>}
        description={<Trans>A trip carries a synergy’s materials from the providing company to the requesting one.</Trans>}
      />
      {exchangeId === null ? (
        <SynergyPicker />
      ) : chosen.isPending ? (
        <LoadingState />
      ) : chosen.isError ? (
        <ErrorState onRetry={() => void chosen.refetch()} />
      ) : !synergy ? (
        <Card>
          <EmptyState
            icon="handshake"
            title={<Trans>This synergy is not in progress</Trans>}
            action={<ButtonLink href="/admin/trips/new">{<Trans>Choose another</Trans>}</ButtonLink>}
          />
        </Card>
      ) : (
        <div className="stack">
          <Card title={<Trans>Synergy</Trans>} data-testid="synergy-summary">
            <p>
              <strong>{synergy.title}</strong>
            </p>
            <p className="muted">
              <Icon name="building" size={14} /> {synergy.providing_company.name} → {synergy.requesting_company.name} ·{' '}
              {formatQuantity(lang, synergy.quantity, synergy.quantity_unit)}
            </p>
            {synergy.trips > 0 ? (
              <p className="muted">
                <Trans>Trips already scheduled: {synergy.trips}</Trans>
              </p>
            ) : null}
          </Card>
          <Card title={<Trans>Trip</Trans>}>
            <ScheduleForm synergy={synergy} />
          </Card>
        </div>
      )}
    </>
  );
}
