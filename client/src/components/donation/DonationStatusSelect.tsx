// The donation status filter above a list of donations (the manager's tab and the administrators' list).
import { useLingui } from '@lingui/react/macro';
import { DONATION_STATUSES, type DonationStatus } from '@shared/constants/enums';
import { SelectField } from '@/components/ui/Field';
import { Options } from '@/components/ui/Options';
import { DONATION_STATUS_LABELS } from './labels';

export function DonationStatusSelect({ value, onChange }: { value: DonationStatus | ''; onChange: (status: DonationStatus | '') => void }) {
  const { t } = useLingui();
  return (
    <SelectField label={t`Donation status`} value={value} onChange={(e) => onChange(e.target.value as DonationStatus | '')}>
      <Options values={DONATION_STATUSES} labels={DONATION_STATUS_LABELS} blank={t`All statuses`} />
    </SelectField>
  );
}
