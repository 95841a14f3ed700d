// The "about" text of a company or a person, shown on their public page, with its length against the limit as it
// is typed.
import type { ReactNode } from 'react';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { LIMITS } from '@shared/constants/limits';
import { TextArea } from '@/components/ui/Field';
import type { FieldProps } from '@/hooks/useFieldProps';

export function AboutField<T extends FieldValues>({
  className,
  label,
  hint,
  control,
  field,
}: {
  className?: string;
  label: ReactNode;
  hint: ReactNode;
  control: Control<T>;
  field: FieldProps;
}) {
  const about: unknown = useWatch({ control, name: field.name as Path<T> });
  const length = typeof about === 'string' ? about.length : 0;
  return (
    <div className={className}>
      <TextArea label={label} hint={hint} maxLength={LIMITS.aboutMax} rows={3} {...field} />
      <p className="counter" aria-live="polite">
        {length}/{LIMITS.aboutMax}
      </p>
    </div>
  );
}
