// CSV made in the browser from figures already on screen (RFC 4180: comma, CRLF, quotes doubled). A text cell that
// a spreadsheet would run as a formula (= + - @ at the start) gets a leading apostrophe, as the ESG export does.

export type CsvCell = string | number | null | undefined;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
