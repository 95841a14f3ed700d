// Registration (SPEC §5 "Registration and login"), both variants: one long form in sections, validated by the
// shared schema (`registrationForm` / `bankPartnerRegistrationForm`); empty optional fields and empty lists
// are dropped before sending (SPEC §3).
import { FormSection, GroupsSection } from '@/components/forms/FormSection';
import { CallingCodeField } from '@/components/forms/CallingCodeField';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SIGNUP_COUNTRIES, type SignupCountry } from '@shared/constants/enums';
import { bankPartnerRegistrationForm, isPublicEmailDomain, OTHER_INDUSTRY } from '@shared/schemas/registration';
import { NewPasswordFields } from '@/components/forms/NewPasswordFields';
import { CompanySizeSelect, CurrencySelect, IndustrySelect } from '@/components/forms/CompanyFields';
import { AddressField, type Place } from '@/components/forms/AddressField';
import { Button } from '@/components/ui/Button';
import { Checkbox, FormError, SelectField, TextArea, TextField } from '@/components/ui/Field';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { useFieldError, useFieldProps } from '@/hooks/useFieldProps';
import { errorText, getAppError } from '@/lib/errors';
import { applyServerErrors } from '@/lib/forms';
import { countryName } from '@/lib/countries';
import { useLanguage } from '@/lib/i18n';
import { useTRPC } from '@/lib/trpc';
import { useSchemaForm } from '@/hooks/useSchemaForm';

export type RegistrationVariant = 'standard' | 'bank_partner';

/** The bank-partner form is the superset; the standard variant simply never shows or sends its two fields. */
type FormOut = z.output<typeof bankPartnerRegistrationForm>;

const isSignupCountry = (v: unknown): v is SignupCountry => typeof v === 'string' && (SIGNUP_COUNTRIES as readonly string[]).includes(v);

/** SPEC §3: empty optional fields and empty lists are removed before sending; the confirmation never is sent. */
export function compactPayload<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(values)) {
    if (key === 'confirm_password') continue;
    if (v === undefined || v === null || v === '') continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[key] = v;
  }
  return out as Partial<T>;
}

const STANDARD_ONLY_DROP = ['website_url', 'registered_company_name'] as const;

export function RegisterForm({ variant, onRegistered }: { variant: RegistrationVariant; onRegistered: () => void }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const language = useLanguage();
  const bank = variant === 'bank_partner';
  const countries = useQuery(trpc.common.countries.queryOptions({ country_codes: [...SIGNUP_COUNTRIES] }));
  const groups = useQuery(trpc.common.materialGroups.queryOptions());
  const register = useMutation(trpc.registration.register.mutationOptions());
  const registerBank = useMutation(trpc.registration.registerBankPartner.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);

  // The standard variant validates with the same rules; its two extra fields are simply always empty.
  const form = useSchemaForm(bankPartnerRegistrationForm, {
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      confirm_password: '',
      designation: '',
      company_name: '',
      registered_company_name: '',
      website_url: '',
      company_size: '' as never,
      industry: '',
      custom_industry: '',
      country: '',
      state: '',
      city: '',
      address: '',
      zip_code: '',
      latitude: undefined,
      longitude: undefined,
      contact_phone: '',
      country_calling_code: '',
      preferred_currency: '',
      company_license_number: '',
      company_license_expiry_date: '',
      tax_certificate_number: '',
      materials_interested: [],
      materials_providing: [],
      expectations: '',
      public_email_acknowledged: false,
      fee_consent: false as never,
    },
  });
  const { errors } = form.formState;
  const err = useFieldError(form);
  const field = useFieldProps(form);

  const [email, industry, country, address, lat, lng] = useWatch({
    control: form.control,
    name: ['email', 'industry', 'country', 'address', 'latitude', 'longitude'],
  });
  const coordinates = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const publicEmail = typeof email === 'string' && email.includes('@') && isPublicEmailDomain(email);

  const countryItems = countries.data?.items ?? [];

  const onCountry = (code: string) => {
    const c = countryItems.find((x) => x.code === code);
    if (!c) return;
    if (!form.getValues('preferred_currency')) form.setValue('preferred_currency', c.currency_code);
    if (c.calling_code) form.setValue('country_calling_code', c.calling_code.startsWith('+') ? c.calling_code : `+${c.calling_code}`);
  };

  const pickPlace = (place: Place) => {
    const opts = { shouldValidate: true, shouldDirty: true } as const;
    form.setValue('latitude', place.latitude, opts);
    form.setValue('longitude', place.longitude, opts);
    form.setValue('address', place.address, opts);
    form.setValue('city', place.city, opts);
    form.setValue('state', place.state, opts);
    form.setValue('zip_code', place.zip_code || '00000', opts);
    if (isSignupCountry(place.country) && place.country !== form.getValues('country')) {
      form.setValue('country', place.country, opts);
      onCountry(place.country);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const payload = compactPayload({ ...values, language });
    if (!bank) for (const k of STANDARD_ONLY_DROP) delete payload[k];
    try {
      if (bank) await registerBank.mutateAsync(payload as FormOut);
      else await register.mutateAsync(payload as FormOut);
      onRegistered();
    } catch (e) {
      const info = getAppError(e);
      applyServerErrors(form, e, { shouldFocus: true });
      setFormError(
        info.code === 'VALIDATION'
          ? i18n._(msg`Couldn't register account. Missing fields.`)
          : info.code === 'EMAIL_TAKEN'
            ? errorText(i18n, e)
            : `${i18n._(msg`Couldn't register account`)}. ${errorText(i18n, e)}`,
      );
    }
  });

  if (countries.isPending || groups.isPending) return <LoadingState />;
  if (countries.isError || groups.isError) {
    return (
      <ErrorState
        onRetry={() => {
          void countries.refetch();
          void groups.refetch();
        }}
      >
        <p>
          <Trans>The registration form could not be loaded.</Trans>
        </p>
      </ErrorState>
    );
  }
  const groupItems = groups.data.items;
  const addressField = form.register('address');

  return (
    <form onSubmit={onSubmit} noValidate className="form register-form" data-testid="register-form">
      <FormSection title={<Trans>About you</Trans>} description={<Trans>You will be the company's first manager.</Trans>}>
        <TextField label={<Trans>First name</Trans>} required autoComplete="given-name" {...field('first_name')} />
        <TextField label={<Trans>Last name</Trans>} autoComplete="family-name" {...field('last_name')} />
        <TextField label={<Trans>Job title</Trans>} autoComplete="organization-title" {...field('designation')} />
        <TextField
          label={<Trans>Work email</Trans>}
          type="email"
          required
          autoComplete="email"
          hint={<Trans>You log in with this address.</Trans>}
          {...field('email')}
        />
        {publicEmail ? (
          <Checkbox
            className="form-grid__full"
            label={<Trans>This is a public email address, and I want to register with it anyway.</Trans>}
            {...form.register('public_email_acknowledged', { onChange: () => void form.trigger('email') })}
          />
        ) : null}
        <NewPasswordFields form={form} name="password" confirm="confirm_password" />
      </FormSection>

      <FormSection title={<Trans>Your company</Trans>}>
        <TextField label={<Trans>Company name</Trans>} required autoComplete="organization" {...field('company_name')} />
        {bank ? <TextField label={<Trans>Registered company name</Trans>} {...field('registered_company_name')} /> : null}
        {bank ? (
          <TextField label={<Trans>Website</Trans>} type="url" inputMode="url" placeholder="https://" autoComplete="url" {...field('website_url')} />
        ) : null}
        <CompanySizeSelect required {...field('company_size', { setValueAs: (v: string) => v || undefined })} />
        <IndustrySelect required {...field('industry')} />
        {industry === OTHER_INDUSTRY ? (
          <TextField label={<Trans>Your industry</Trans>} required hint={<Trans>At least 2 characters.</Trans>} {...field('custom_industry')} />
        ) : null}
        <TextField label={<Trans>Business registration or licence number</Trans>} {...field('company_license_number')} />
        <TextField label={<Trans>Licence expiry date</Trans>} type="date" {...field('company_license_expiry_date')} />
        <TextField label={<Trans>Tax certificate number</Trans>} {...field('tax_certificate_number')} />
      </FormSection>

      <FormSection
        title={<Trans>Address and contact</Trans>}
        description={
          <Trans>
            Registration is open to companies in Greece, Germany, Denmark, the United Arab Emirates, the United Kingdom, Italy, Romania and Malaysia.
          </Trans>
        }
      >
        <SelectField
          label={<Trans>Country</Trans>}
          required
          autoComplete="country"
          {...field('country', {
            setValueAs: (v: string) => v || undefined,
            onChange: (e: { target: { value: string } }) => {
              onCountry(e.target.value);
              // A place picked in another country no longer fits.
              form.setValue('latitude', undefined);
              form.setValue('longitude', undefined);
            },
          })}
        >
          <option value="">{t`Choose…`}</option>
          {countryItems.map((c) => (
            <option key={c.code} value={c.code}>
              {countryName(language, c.code, c.name)}
            </option>
          ))}
        </SelectField>
        <div className="form-grid__full">
          <AddressField
            value={typeof address === 'string' ? address : ''}
            country={isSignupCountry(country) ? country : ''}
            coordinates={coordinates}
            error={err('address')}
            inputRef={addressField.ref}
            onType={(text) => {
              form.setValue('address', text, { shouldDirty: true });
              if (coordinates) {
                form.setValue('latitude', undefined);
                form.setValue('longitude', undefined);
              }
            }}
            onPick={pickPlace}
          />
        </div>
        <TextField label={<Trans>City or region</Trans>} required autoComplete="address-level2" {...field('city')} />
        <TextField label={<Trans>State</Trans>} required autoComplete="address-level1" {...field('state')} />
        <TextField
          label={<Trans>Postal or ZIP code</Trans>}
          required
          autoComplete="postal-code"
          hint={<Trans>Use 00000 if your address has none.</Trans>}
          {...field('zip_code')}
        />
        <div className="phone-row">
          <CallingCodeField error={err('country_calling_code')} field={form.register('country_calling_code')} />
          <TextField
            className="phone-row__number"
            label={<Trans>Contact phone</Trans>}
            required
            type="tel"
            autoComplete="tel-national"
            {...field('contact_phone')}
          />
        </div>
        <CurrencySelect required {...field('preferred_currency')} />
      </FormSection>

      <GroupsSection
        title={<Trans>What you are looking for</Trans>}
        description={<Trans>Choose the material groups your company would like to receive. We use them to recommend listings.</Trans>}
        legend={t`Interests`}
        groups={groupItems}
        error={err('materials_interested')}
        testId="interests"
        register={form.register('materials_interested')}
      />

      <GroupsSection
        title={<Trans>What you can offer</Trans>}
        description={<Trans>Choose the material groups your company has as by-products, surplus, waste or knowledge.</Trans>}
        legend={t`Offerings`}
        groups={groupItems}
        error={err('materials_providing')}
        testId="offerings"
        register={form.register('materials_providing')}
      />

      <FormSection title={<Trans>Expectations and membership</Trans>}>
        <TextArea className="form-grid__full" label={<Trans>What do you expect from the marketplace?</Trans>} required {...field('expectations')} />
        <div className="form-grid__full consent">
          <Checkbox
            label={<Trans>I agree to pay the annual membership fee once my company is approved.</Trans>}
            aria-invalid={errors.fee_consent ? true : undefined}
            {...form.register('fee_consent')}
          />
          {errors.fee_consent ? (
            <p className="field__error" role="alert">
              {err('fee_consent')}
            </p>
          ) : null}
        </div>
      </FormSection>

      <FormError>{formError}</FormError>
      <Button type="submit" size="lg" block loading={register.isPending || registerBank.isPending}>
        <Trans>Register</Trans>
      </Button>
    </form>
  );
}
