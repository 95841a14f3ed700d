// One term and its value in a list of facts (<dl>), in the <div> that the list's grid lays out as a row.
import type { ReactNode } from 'react';

export function Fact({
  label,
  testId,
  valueTestId,
  valueClassName,
  children,
}: {
  label: ReactNode;
  /** On the row. */
  testId?: string;
  /** On the value alone. */
  valueTestId?: string;
  valueClassName?: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd className={valueClassName} data-testid={valueTestId}>
        {children}
      </dd>
    </div>
  );
}
