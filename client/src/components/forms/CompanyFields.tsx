// The company choices that the registration, the managers' company editor, the administrators' company edit and the
// personal profile ask alike: size, industry and preferred currency, each with its own list and "Choose…".
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { COMPANY_SIZES, OTHER_INDUSTRY, SIGNUP_COUNTRIES } from '@shared/constants/enums';
import { SelectField } from '@/components/ui/Field';
import { useTRPC } from '@/lib/trpc';
import { INDUSTRIES } from './industries';

type SelectProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children'>;

export function CompanySizeSelect(props: SelectProps) {
  const { t } = useLingui();
  return (
    <SelectField label={<Trans>Company size</Trans>} {...props}>
      <option value="">{t`Choose…`}</option>
      {COMPANY_SIZES.map((s) => (
        <option key={s} value={s}>
          {t`${s} employees`}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The industries; a stored value from before today's list stays choosable as it is. `offerOther: false` leaves out
 * "Other" (which asks for the company's own words) unless it is the stored value.
 */
export function IndustrySelect({ stored, offerOther = true, ...props }: SelectProps & { stored?: string | null; offerOther?: boolean }) {
  const { t, i18n } = useLingui();
  const known = !stored || INDUSTRIES.some((o) => o.value === stored);
  const options = (known ? INDUSTRIES : [...INDUSTRIES, { value: stored, label: null }]).filter(
    (o) => offerOther || o.value !== OTHER_INDUSTRY || stored === OTHER_INDUSTRY,
  );
  return (
    <SelectField label={<Trans>Industry</Trans>} {...props}>
      <option value="">{t`Choose…`}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label ? i18n._(o.label) : o.value}
        </option>
      ))}
    </SelectField>
  );
}

/** The currencies of the sign-up countries, and the stored one if it is not among them. */
export function CurrencySelect({ stored, ...props }: SelectProps & { stored?: string | null }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const countries = useQuery(trpc.common.countries.queryOptions({ country_codes: [...SIGNUP_COUNTRIES] }));
  const currencies = [...new Set([...(countries.data?.items ?? []).map((c) => c.currency_code), stored ?? ''])].filter(Boolean).sort();
  return (
    <SelectField label={<Trans>Preferred currency</Trans>} {...props}>
      <option value="">{t`Choose…`}</option>
      {currencies.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </SelectField>
  );
}
