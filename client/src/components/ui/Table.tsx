// A data table. On a phone (under 640 px) each row becomes a card with every cell under its column's name, so
// nothing (actions included) hides behind a sideways scroll; `cards={false}` keeps a narrow table a table.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end';
}

export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  cards = columns.length > 2,
}: {
  caption: ReactNode;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty?: ReactNode;
  cards?: boolean;
}) {
  // The card labels are the header cells' text as rendered (headers may be elements), shown by CSS (td::before), so
  // a cell's own text stays just its value.
  const head = useRef<HTMLTableRowElement>(null);
  const [labels, setLabels] = useState<string[]>([]);
  // After every render (a header may change with the language); the equality check ends the chain.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    if (!cards || !head.current) return;
    const next = [...head.current.cells].map((th) => th.textContent?.trim() ?? '');
    if (next.join('\u0000') !== labels.join('\u0000')) setLabels(next);
  });
  return (
    <div
      className={cards ? 'table-wrap table-wrap--cards' : 'table-wrap'}
      tabIndex={0}
      role="region"
      aria-label={typeof caption === 'string' ? caption : undefined}
    >
      <table className="table">
        <caption className="table__caption">{caption}</caption>
        <thead>
          <tr ref={head}>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.align === 'end' ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c, i) => (
                  <td key={c.key} className={c.align === 'end' ? 'num' : undefined} data-label={cards ? (labels[i] ?? '') : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
