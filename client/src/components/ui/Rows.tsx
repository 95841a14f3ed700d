// A list's caption (with its count) and its rows, or a muted line when there are none: the account, company and
// colleague lists of the administrators and the manager panel.
import type { ReactNode } from 'react';

export function Rows<T>({
  caption,
  level = 2,
  items,
  empty,
  children,
}: {
  caption: ReactNode;
  /** The caption's heading level: 3 under a tab's own heading. */
  level?: 2 | 3;
  items: readonly T[];
  empty: ReactNode;
  /** One row: an `li.rows__item`. */
  children: (item: T) => ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <>
      <Heading className="list-caption">{caption}</Heading>
      {items.length ? <ul className="rows">{items.map(children)}</ul> : <p className="muted">{empty}</p>}
    </>
  );
}
