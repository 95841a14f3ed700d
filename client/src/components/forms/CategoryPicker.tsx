import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { refText } from '@/lib/reference';

export interface GroupOption {
  id: number;
  name: string;
  kind: string;
}

/** A checkbox group of material groups, laid out as chips; the value is the list of checked ids. */
export function CategoryPicker({
  legend,
  groups,
  error,
  register,
  className,
  testId,
}: {
  legend: string;
  groups: GroupOption[];
  error?: string;
  register: UseFormRegisterReturn;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  const { i18n } = useLingui();
  return (
    <fieldset
      className={['chips', error ? 'chips--invalid' : '', className ?? ''].join(' ')}
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid={testId}
    >
      <legend className="visually-hidden">{legend}</legend>
      <div className="chips__list">
        {groups.map((g) => (
          <label key={g.id} className="chip">
            <input type="checkbox" value={String(g.id)} {...register} />
            <span>{refText(i18n, g.name)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
