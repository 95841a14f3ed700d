// The free-text box of a list's filters, which searches the title and description.
import { useLingui } from '@lingui/react/macro';
import { TextField } from './Field';

export function SearchField({ id, value, onChange }: { id: string; value: string; onChange: (q: string) => void }) {
  const { t } = useLingui();
  return (
    <TextField
      id={id}
      type="search"
      label={t`Search`}
      placeholder={t`Title or description`}
      value={value}
      maxLength={100}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
