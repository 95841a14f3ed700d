// The search box over a list of companies, as the admin panel's accepted companies and the companies page show it.
import { Trans } from '@lingui/react/macro';
import { TextField } from '@/components/ui/Field';

export function CompanySearch({ value, onChange, testId }: { value: string; onChange: (q: string) => void; testId: string }) {
  return (
    <TextField label={<Trans>Search companies</Trans>} type="search" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
  );
}
