// A titled part of a long form (registration, company data), and the part that picks material groups.
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CategoryPicker, type GroupOption } from './CategoryPicker';

export function FormSection({ title, description, children }: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{title}</legend>
      {description ? <p className="form-section__desc">{description}</p> : null}
      <div className="form-grid">{children}</div>
    </fieldset>
  );
}

/** A section that is one choice of material groups (what a company looks for, or what it can offer). */
export function GroupsSection({
  title,
  description,
  legend,
  groups,
  error,
  testId,
  register,
}: {
  title: ReactNode;
  description?: ReactNode;
  legend: string;
  groups: GroupOption[];
  error?: string;
  testId: string;
  register: UseFormRegisterReturn;
}) {
  return (
    <FormSection title={title} description={description}>
      <CategoryPicker className="form-grid__full" legend={legend} groups={groups} error={error} testId={testId} register={register} />
    </FormSection>
  );
}
