// A list's filters: their search landmark, and its free-text box, which searches the title and description.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { TextField } from './Field';

/** The filters' form: a search landmark whose submit applies what was typed, without leaving the page. */
export function SearchForm({
  className,
  label,
  onSearch,
  children,
}: {
  className: string;
  label: string;
  onSearch: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      {children}
    </form>
  );
}

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
