// The verdict at the top of a public check page (a donation's or a certificate's QR code): an icon, what was found
// and what it means for the reader.
import type { ReactNode } from 'react';
import { Icon } from './Icon';

export function Verdict({
  className,
  testId,
  bad,
  title,
  titleClassName,
  children,
}: {
  className: string;
  testId: string;
  /** The code matches nothing: said as an alert, with a warning icon. */
  bad?: boolean;
  title: ReactNode;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className} role={bad ? 'alert' : undefined} data-testid={testId}>
      <Icon name={bad ? 'alert' : 'check'} size={28} />
      <div>
        <h2 className={titleClassName}>{title}</h2>
        <p>{children}</p>
      </div>
    </div>
  );
}
