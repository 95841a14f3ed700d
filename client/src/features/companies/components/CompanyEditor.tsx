// The manager panel's company tab (SPEC §2 "company data, locations"): the company's data and its locations,
// each saved with companies.update (PUT api/companies/{id}) under the SPEC §5 save rules, which the server
// applies: one primary address (the first flagged), the phone only with a calling code, empty text as null.
import { AboutField } from '@/components/forms/AboutField';
import { FormSection, GroupsSection, SaveRow } from '@/components/forms/FormSection';
import { CallingCodeField } from '@/components/forms/CallingCodeField';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFieldArray, useWatch, type FieldPath } from 'react-hook-form';
import { SIGNUP_COUNTRIES, type SignupCountry } from '@shared/constants/enums';
import { COMPANY_DATA_TEXT } from '@shared/lib/company';
import { z } from '@shared/schemas/_zod';
import { CUSTOM_INDUSTRY_MESSAGE, customIndustryIssue, updateCompanyFields } from '@shared/schemas/companies';
import { CompanySizeSelect, CurrencySelect, IndustrySelect } from '@/components/forms/CompanyFields';
import { AddressField, type Place } from '@/components/forms/AddressField';
import { ImagePicker, useImageChange } from '@/components/forms/ImagePicker';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { SelectField, TextArea, TextField } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { errorText } from '@/lib/errors';
import { applyServerErrors, textFields } from '@/lib/forms';
import { updateSession, useSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { useFieldError, useFieldProps } from '@/hooks/useFieldProps';
import { useSchemaForm } from '@/hooks/useSchemaForm';

type Company = RouterOutputs['companies']['get'];
type PrivateCompany = Extract<Company, { private: true }>;

const isSignupCountry = (v: unknown): v is SignupCountry => typeof v === 'string' && (SIGNUP_COUNTRIES as readonly string[]).includes(v);

/** The message SPEC §8 gives a failed company save, with the reason. */
function useSaveFailed() {
  const { i18n } = useLingui();
  return (err: unknown) => `${i18n._(msg`Failed to edit company`)}. ${errorText(i18n, err)}`;
}

export function CompanyEditor() {
  const trpc = useTRPC();
  const session = useSession();
  const id = session?.company?.id ?? 0;
  const company = useQuery(trpc.companies.get.queryOptions({ id }, { enabled: id > 0 }));
  if (company.isPending) return <LoadingState />;
  if (company.isError)
    return (
      <ErrorState onRetry={() => void company.refetch()}>
        <p>
          <Trans>Your company's data could not be loaded.</Trans>
        </p>
      </ErrorState>
    );
  if (!company.data.private) return null;
  return (
    <div className="stack" data-testid="company-editor">
      <CompanyDataForm company={company.data} />
      <LocationsForm company={company.data} />
    </div>
  );
}

// ---- company data ------------------------------------------------------------------------------------------

const dataForm = updateCompanyFields.omit({ addresses: true, image: true }).superRefine((v, ctx) => {
  if (customIndustryIssue(v)) ctx.addIssue({ code: 'custom', path: ['custom_industry'], message: CUSTOM_INDUSTRY_MESSAGE });
});
type DataIn = z.input<typeof dataForm>;

function dataDefaults(c: PrivateCompany): DataIn {
  return {
    name: c.name,
    ...textFields(c, COMPANY_DATA_TEXT),
    company_size: (c.company_size ?? '') as never,
    materials_interested: c.materials_interested.map((g) => String(g.id)) as never,
    materials_providing: c.materials_providing.map((g) => String(g.id)) as never,
  };
}

function CompanyDataForm({ company }: { company: PrivateCompany }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const session = useSession();
  const save = useMutation(trpc.companies.update.mutationOptions());
  const groups = useQuery(trpc.common.materialGroups.queryOptions());
  const image = useImageChange();
  const [formError, setFormError] = useState<string | null>(null);
  const failed = useSaveFailed();
  const form = useSchemaForm(dataForm, { mode: 'onTouched', defaultValues: dataDefaults(company) });
  const err = useFieldError(form);
  const field = useFieldProps(form);
  const industry = useWatch({ control: form.control, name: 'industry' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    image.clearError();
    try {
      const saved = await save.mutateAsync({ id: company.id, ...values, ...image.payload });
      qc.setQueryData(trpc.companies.get.queryKey({ id: company.id }), saved);
      await qc.invalidateQueries({ queryKey: trpc.companies.pathKey() });
      form.reset(saved.private ? dataDefaults(saved) : values);
      image.saved();
      if (session?.company) updateSession({ company: { ...session.company, name: saved.name, image_url: saved.image_url } });
      showSnackbar(msg`Company saved`);
    } catch (e) {
      applyServerErrors(form, e, { shouldFocus: true });
      image.refused(e);
      setFormError(failed(e));
    }
  });

  return (
    <Card title={<Trans>Company data</Trans>}>
      <form className="form" onSubmit={onSubmit} noValidate data-testid="company-data-form">
        <FormSection title={<Trans>About the company</Trans>}>
          <TextField label={<Trans>Trade name</Trans>} required {...field('name')} />
          <TextField label={<Trans>Registered company name</Trans>} {...field('registered_company_name')} />
          <IndustrySelect stored={company.industry} required {...field('industry')} />
          {typeof industry === 'string' && industry.trim().toLowerCase() === 'other' ? (
            <TextField label={<Trans>Your industry</Trans>} required {...field('custom_industry')} />
          ) : null}
          <CompanySizeSelect required {...field('company_size')} />
          <TextField label={<Trans>Main business</Trans>} {...field('main_business')} />
          <TextField label={<Trans>Website</Trans>} type="url" placeholder="https://" {...field('website_url')} />
          <AboutField
            className="form-grid__full"
            label={<Trans>About</Trans>}
            hint={<Trans>Shown on your public company page.</Trans>}
            control={form.control}
            field={field('about_info')}
          />
          <div className="form-grid__full">
            <ImagePicker
              label={<Trans>Logo</Trans>}
              currentUrl={company.image_url}
              {...image.picker}
              placeholder={<Icon name="building" size={28} />}
              testId="company-logo"
            />
          </div>
        </FormSection>

        <FormSection title={<Trans>Contact</Trans>} description={<Trans>The phone is kept only with its calling code.</Trans>}>
          <div className="phone-row form-grid__full">
            <CallingCodeField error={err('country_calling_code')} field={form.register('country_calling_code')} />
            <TextField label={<Trans>Contact phone</Trans>} type="tel" {...field('contact_phone')} />
          </div>
          <CurrencySelect stored={company.preferred_currency} required {...field('preferred_currency')} />
        </FormSection>

        <FormSection
          title={<Trans>Registration data</Trans>}
          description={<Trans>Only your company's users and the administrators see these.</Trans>}
        >
          <TextField label={<Trans>Business registration number</Trans>} {...field('business_registration_number')} />
          <TextField label={<Trans>Licence number</Trans>} {...field('company_license_number')} />
          <TextField label={<Trans>Licence expiry date</Trans>} type="date" {...field('company_license_expiry_date')} />
          <TextField label={<Trans>Tax certificate number</Trans>} {...field('tax_certificate_number')} />
          <TextArea className="form-grid__full" label={<Trans>Expectations</Trans>} rows={2} {...field('expectations')} />
        </FormSection>

        {groups.data ? (
          <>
            <GroupsSection
              title={<Trans>What you are looking for</Trans>}
              legend={t`Interests`}
              groups={groups.data.items}
              error={err('materials_interested')}
              testId="interests"
              register={form.register('materials_interested')}
            />
            <GroupsSection
              title={<Trans>What you can offer</Trans>}
              legend={t`Offerings`}
              groups={groups.data.items}
              error={err('materials_providing')}
              testId="offerings"
              register={form.register('materials_providing')}
            />
          </>
        ) : null}

        <SaveRow error={formError} busy={save.isPending} testId="save-company">
          <Trans>Save company data</Trans>
        </SaveRow>
      </form>
    </Card>
  );
}

// ---- locations ---------------------------------------------------------------------------------------------

const locationsForm = z.object({ addresses: updateCompanyFields.shape.addresses.unwrap() });
type LocationsIn = z.input<typeof locationsForm>;
type Address = PrivateCompany['addresses'][number];

const toRow = (a: Address) => ({
  id: a.id,
  address: a.address,
  city: a.city,
  state: a.state ?? '',
  zip_code: a.zip_code,
  country: a.country as SignupCountry,
  latitude: a.latitude,
  longitude: a.longitude,
  is_primary: a.is_primary,
});

function LocationsForm({ company }: { company: PrivateCompany }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const save = useMutation(trpc.companies.update.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const failed = useSaveFailed();
  const form = useSchemaForm(locationsForm, {
    defaultValues: { addresses: company.addresses.map(toRow) },
  });
  const err = useFieldError(form);
  const field = useFieldProps(form);
  const list = useFieldArray({ control: form.control, name: 'addresses', keyName: 'key' });
  const rows = useWatch({ control: form.control, name: 'addresses' }) ?? [];
  const primaryIndex = Math.max(
    0,
    rows.findIndex((r) => r?.is_primary),
  );
  const regionNames = useRegionNames();

  const setPrimary = (index: number) => {
    rows.forEach((_, i) => form.setValue(`addresses.${i}.is_primary`, i === index, { shouldDirty: true }));
  };
  const pick = (index: number, place: Place) => {
    const opts = { shouldValidate: true, shouldDirty: true } as const;
    form.setValue(`addresses.${index}.address`, place.address, opts);
    form.setValue(`addresses.${index}.city`, place.city, opts);
    form.setValue(`addresses.${index}.state`, place.state, opts);
    form.setValue(`addresses.${index}.zip_code`, place.zip_code || '00000', opts);
    if (isSignupCountry(place.country)) form.setValue(`addresses.${index}.country`, place.country, opts);
    form.setValue(`addresses.${index}.latitude`, place.latitude, opts);
    form.setValue(`addresses.${index}.longitude`, place.longitude, opts);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: company.id, addresses: values.addresses });
      qc.setQueryData(trpc.companies.get.queryKey({ id: company.id }), saved);
      await qc.invalidateQueries({ queryKey: trpc.companies.pathKey() });
      form.reset({ addresses: saved.addresses.map(toRow) });
      showSnackbar(msg`Locations saved`);
    } catch (e) {
      applyServerErrors(form, e, { shouldFocus: true });
      setFormError(failed(e));
    }
  });

  const addressesError = err('addresses');
  return (
    <Card title={<Trans>Locations</Trans>}>
      <form className="form" onSubmit={onSubmit} noValidate data-testid="locations-form">
        <p className="muted">
          <Trans>
            Pick each address from the suggestions or on the map, so it carries its coordinates. Exactly one address is the primary one: distances in
            the materials database are measured from it.
          </Trans>
        </p>
        <ol className="locations" aria-label={t`Company addresses`}>
          {list.fields.map((entry, i) => {
            const row = rows[i];
            const lat = row?.latitude;
            const lng = row?.longitude;
            const coordinates = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
            const n = i + 1;
            return (
              <li key={entry.key} className={`location${i === primaryIndex ? ' location--primary' : ''}`} data-testid="location">
                <div className="location__head spread">
                  <h3 className="location__title">{t`Address ${n}`}</h3>
                  <label className="checkbox">
                    <input type="radio" name="primary-address" checked={i === primaryIndex} onChange={() => setPrimary(i)} />
                    <span>
                      <Trans>Primary address</Trans>
                    </span>
                  </label>
                </div>
                <div className="form-grid">
                  <SelectField label={<Trans>Country</Trans>} required {...field(`addresses.${i}.country`)}>
                    {SIGNUP_COUNTRIES.map((c) => (
                      <option key={c} value={c}>
                        {regionNames?.of(c) ?? c}
                      </option>
                    ))}
                  </SelectField>
                  <div className="form-grid__full">
                    <AddressField
                      value={row?.address ?? ''}
                      country={isSignupCountry(row?.country) ? row.country : ''}
                      coordinates={coordinates}
                      error={err(`addresses.${i}.address`)}
                      mapLabel={t`Map: click the place of address ${n}`}
                      onType={(text) => {
                        form.setValue(`addresses.${i}.address`, text, { shouldDirty: true });
                        if (coordinates) {
                          form.setValue(`addresses.${i}.latitude`, undefined);
                          form.setValue(`addresses.${i}.longitude`, undefined);
                        }
                      }}
                      onPick={(place) => pick(i, place)}
                    />
                  </div>
                  <TextField label={<Trans>City or region</Trans>} required {...field(`addresses.${i}.city`)} />
                  <TextField label={<Trans>State</Trans>} {...field(`addresses.${i}.state`)} />
                  <TextField
                    label={<Trans>Postal or ZIP code</Trans>}
                    required
                    hint={<Trans>Use 00000 if your address has none.</Trans>}
                    {...field(`addresses.${i}.zip_code`)}
                  />
                </div>
                {list.fields.length > 1 ? (
                  <div>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        const wasPrimary = i === primaryIndex;
                        list.remove(i);
                        if (wasPrimary) form.setValue('addresses.0.is_primary' as FieldPath<LocationsIn>, true as never);
                      }}
                    >
                      {t`Remove address ${n}`}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
        {addressesError ? (
          <p className="field__error" role="alert">
            {addressesError}
          </p>
        ) : null}
        <div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              list.append({
                address: '',
                city: '',
                state: '',
                zip_code: '',
                country: (rows[0]?.country ?? 'DK') as SignupCountry,
                latitude: undefined,
                longitude: undefined,
                is_primary: false,
              })
            }
          >
            <Trans>Add an address</Trans>
          </Button>
        </div>
        <SaveRow error={formError} busy={save.isPending} testId="save-locations">
          <Trans>Save locations</Trans>
        </SaveRow>
      </form>
    </Card>
  );
}

function useRegionNames() {
  const { i18n } = useLingui();
  return useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.locale === 'dk' ? 'da' : i18n.locale === 'my' ? 'ms' : 'en'], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.locale]);
}
