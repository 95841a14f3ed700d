// A page of needs as a list, dimmed while the next page loads, with what follows it (the pagination).
import type { ReactNode } from 'react';

export function NeedList<T extends { id: number }>({
  items,
  fetching,
  testId,
  footer,
  children,
}: {
  items: T[];
  fetching: boolean;
  testId: string;
  footer: ReactNode;
  children: (need: T) => ReactNode;
}) {
  return (
    <div aria-busy={fetching || undefined} className={fetching ? 'is-refreshing' : undefined}>
      <ul className="need-list" data-testid={testId}>
        {items.map((n) => (
          <li key={n.id}>{children(n)}</li>
        ))}
      </ul>
      {footer}
    </div>
  );
}
