// A titled part of a long form (registration, company data), the part that picks material groups, and the foot of a
// form that saves in place.
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/Field';
import { CategoryPicker, type GroupOption } from './CategoryPicker';

/** What the last save's failure was, then the one submit button (a company's data, its locations, a profile). */
export function SaveRow({ error, busy, testId, children }: { error: string | null; busy: boolean; testId: string; children: ReactNode }) {
  return (
    <>
      <FormError>{error}</FormError>
      <div className="row-actions">
        <Button type="submit" loading={busy} data-testid={testId}>
          {children}
        </Button>
      </div>
    </>
  );
}

/** With `grid={false}` the children stand as they are (a section that lays out its own rows). */
export function FormSection({
  title,
  description,
  grid = true,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  grid?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{title}</legend>
      {description ? <p className="form-section__desc">{description}</p> : null}
      {grid ? <div className="form-grid">{children}</div> : children}
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
