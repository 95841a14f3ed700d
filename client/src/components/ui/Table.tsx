// A data table that scrolls sideways on narrow screens instead of breaking the layout.
import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end';
}

export function Table<T>({ caption, columns, rows, rowKey, empty }: { caption: ReactNode; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string | number; empty?: ReactNode }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={typeof caption === 'string' ? caption : undefined}>
      <table className="table">
        <caption className="table__caption">{caption}</caption>
        <thead>
          <tr>
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
                {columns.map((c) => (
                  <td key={c.key} className={c.align === 'end' ? 'num' : undefined}>
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
