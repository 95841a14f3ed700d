// The administrator's company editor (inside the companies page's edit dialog): its own chunk, so the page's first
// load carries no form code (zod, react-hook-form, the company schema); fetched when the dialog opens, or earlier
// on hover or focus of an Edit button.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { updateCompanyFields } from '@shared/schemas/companies';
import { CompanySizeSelect, IndustrySelect } from '@/components/forms/CompanyFields';
import { FormSection } from '@/components/forms/FormSection';
import { Button } from '@/components/ui/Button';
import { DialogActions } from '@/components/ui/Dialog';
import { Checkbox, FormError, SelectField, TextArea, TextField } from '@/components/ui/Field';
import { useDebounced } from '@/hooks/useDebounced';
import { useFieldProps } from '@/hooks/useFieldProps';
import { errorText, fieldErrorText, getAppError } from '@/lib/errors';
import { applyServerErrors, textFields } from '@/lib/forms';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { useSchemaForm } from '@/hooks/useSchemaForm';

type Detail = RouterOutputs['companies']['admin']['get'];

const adminForm = updateCompanyFields.pick({
  name: true,
  industry: true,
  company_size: true,
  main_business: true,
  website_url: true,
  about_info: true,
  country_calling_code: true,
  contact_phone: true,
  business_registration_number: true,
  company_license_number: true,
  tax_certificate_number: true,
});

export function EditCompanyForm({ detail: d, onClose }: { detail: Detail; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const update = useMutation(trpc.companies.admin.update.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const [onboarding, setOnboarding] = useState(d.onboarding_date ?? '');
  const [memberSince, setMemberSince] = useState(d.member_since ?? '');
  const [isParent, setIsParent] = useState(d.is_parent_company);
  const [parentId, setParentId] = useState(d.parent_company_id ? String(d.parent_company_id) : '');
  const [portfolio, setPortfolio] = useState(d.portfolio_companies.map((c) => ({ id: c.id, name: c.name })));
  const donationsAll = d.donations_dashboard.users > 0 && d.donations_dashboard.with_access === d.donations_dashboard.users;
  const [donations, setDonations] = useState<boolean | null>(null);
  const [bulk, setBulk] = useState<boolean | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const parents = useQuery(trpc.companies.admin.list.queryOptions({ is_parent_company: true, size: 100 }));
  const form = useSchemaForm(adminForm, {
    defaultValues: {
      name: d.name,
      company_size: (d.company_size ?? '') as never,
      ...textFields(d, ['industry', 'main_business', 'website_url', 'about_info', 'country_calling_code', 'contact_phone']),
      business_registration_number: d.private ? (d.business_registration_number ?? '') : '',
      company_license_number: d.private ? (d.company_license_number ?? '') : '',
      tax_certificate_number: d.private ? (d.tax_certificate_number ?? '') : '',
    },
  });
  const field = useFieldProps(form);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setFieldErrors({});
    try {
      await update.mutateAsync({
        id: d.id,
        ...values,
        onboarding_date: onboarding || null,
        member_since: memberSince || null,
        is_parent_company: isParent,
        parent_company_id: parentId ? Number(parentId) : null,
        portfolio_company_ids: isParent ? portfolio.map((c) => c.id) : [],
        ...(donations !== null ? { donations_dashboard_access: donations } : {}),
        ...(bulk !== null ? { bulk_upload_access: bulk } : {}),
      });
      await qc.invalidateQueries({ queryKey: trpc.companies.pathKey() });
      await qc.invalidateQueries({ queryKey: trpc.users.pathKey() });
      showSnackbar(msg`Company saved`);
      onClose();
    } catch (err) {
      applyServerErrors(form, err, { shouldFocus: true });
      // Fields outside the form library (dates, group, access) show their errors beside their controls.
      const texts: Record<string, string> = {};
      for (const [name, message] of Object.entries(getAppError(err).fields ?? {})) texts[name] = fieldErrorText(i18n, { message }) ?? '';
      setFieldErrors(texts);
      setFormError(`${i18n._(msg`Failed to edit company`)}. ${errorText(i18n, err)}`);
    }
  });

  const parentOptions = (parents.data?.items ?? []).filter((c) => c.id !== d.id);
  // A date kept beside the form library, with the server's error for it.
  const dateField = (value: string, set: (v: string) => void, name: 'onboarding_date' | 'member_since') => ({
    type: 'date',
    value,
    onChange: (ev: ChangeEvent<HTMLInputElement>) => set(ev.target.value),
    error: fieldErrors[name],
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="admin-company-form">
      <FormSection title={<Trans>Company data</Trans>}>
        <TextField label={<Trans>Trade name</Trans>} required data-autofocus {...field('name')} />
        <IndustrySelect stored={d.industry} offerOther={false} required {...field('industry')} />
        <CompanySizeSelect required {...field('company_size')} />
        <TextField label={<Trans>Main business</Trans>} {...field('main_business')} />
        <TextField label={<Trans>Website</Trans>} type="url" {...field('website_url')} />
        <div className="phone-row">
          <TextField label={<Trans>Calling code</Trans>} {...field('country_calling_code')} />
          <TextField label={<Trans>Contact phone</Trans>} type="tel" {...field('contact_phone')} />
        </div>
        <TextArea className="form-grid__full" label={<Trans>About</Trans>} rows={2} {...field('about_info')} />
        <TextField label={<Trans>Business registration number</Trans>} {...field('business_registration_number')} />
        <TextField label={<Trans>Licence number</Trans>} {...field('company_license_number')} />
        <TextField label={<Trans>Tax certificate number</Trans>} {...field('tax_certificate_number')} />
      </FormSection>

      <FormSection title={<Trans>Dates</Trans>}>
        <TextField label={<Trans>Onboarding date</Trans>} {...dateField(onboarding, setOnboarding, 'onboarding_date')} />
        <TextField label={<Trans>Member since</Trans>} {...dateField(memberSince, setMemberSince, 'member_since')} />
      </FormSection>

      <FormSection title={<Trans>Group</Trans>} grid={false}>
        <div className="form-grid">
          <SelectField
            label={<Trans>Parent company</Trans>}
            value={parentId}
            onChange={(ev) => setParentId(ev.target.value)}
            error={fieldErrors.parent_company_id}
          >
            <option value="">{t`None`}</option>
            {parentOptions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <Checkbox
            label={<Trans>This is a parent company (sees its portfolio companies)</Trans>}
            checked={isParent}
            onChange={(ev) => setIsParent(ev.currentTarget.checked)}
          />
        </div>
        {isParent ? <PortfolioPicker ownId={d.id} value={portfolio} onChange={setPortfolio} error={fieldErrors.portfolio_company_ids} /> : null}
      </FormSection>

      <FormSection title={<Trans>Access</Trans>} grid={false}>
        <Checkbox
          label={<Trans>All users of the company may open the donations dashboard</Trans>}
          checked={donations ?? donationsAll}
          onChange={(ev) => setDonations(ev.currentTarget.checked)}
        />
        <p className="field__hint">
          <Trans>
            Now {d.donations_dashboard.with_access} of {d.donations_dashboard.users} users have it.
          </Trans>
        </p>
        <Checkbox
          label={<Trans>Bulk upload of listings from CSV files</Trans>}
          checked={bulk ?? d.bulk_upload_access === 'granted'}
          onChange={(ev) => setBulk(ev.currentTarget.checked)}
        />
        {d.bulk_upload_access === 'pending' ? (
          <p className="field__hint">
            <Trans>The company has asked for bulk upload; ticking the box grants its request.</Trans>
          </p>
        ) : null}
      </FormSection>

      <FormError>{formError}</FormError>
      <DialogActions onCancel={onClose} loading={update.isPending} testId="save-admin-company">
        <Trans>Save</Trans>
      </DialogActions>
    </form>
  );
}

/** A parent company's portfolio: search companies and add them; each chosen one can be removed. */
function PortfolioPicker({
  ownId,
  value,
  onChange,
  error,
}: {
  ownId: number;
  value: { id: number; name: string }[];
  onChange: (v: { id: number; name: string }[]) => void;
  error?: string;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 300);
  const found = useQuery({
    ...trpc.companies.admin.list.queryOptions({ search: query, size: 8 }, { enabled: query.length >= 2 }),
    placeholderData: keepPreviousData,
  });
  const chosen = new Set(value.map((c) => c.id));
  const options = (query.length >= 2 ? (found.data?.items ?? []) : []).filter((c) => c.id !== ownId && !chosen.has(c.id));
  return (
    <div className="stack-sm" data-testid="portfolio-picker">
      <p className="field__label">
        <Trans>Portfolio companies</Trans>
      </p>
      {value.length ? (
        <ul className="chips__list" aria-label={t`Portfolio companies`}>
          {value.map((c) => {
            const name = c.name;
            return (
              <li key={c.id} className="chip chip--removable">
                <span>{c.name}</span>
                <button
                  type="button"
                  className="icon-btn icon-btn--sm"
                  aria-label={t`Remove ${name}`}
                  onClick={() => onChange(value.filter((x) => x.id !== c.id))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">
          <Trans>No portfolio companies yet.</Trans>
        </p>
      )}
      <TextField label={<Trans>Add a portfolio company</Trans>} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      {options.length ? (
        <ul className="plain-options list-row">
          {options.map((c) => {
            const name = c.name;
            return (
              <li key={c.id}>
                <Button size="sm" variant="ghost" onClick={() => onChange([...value, { id: c.id, name: c.name }])} aria-label={t`Add ${name}`}>
                  + {c.name}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
