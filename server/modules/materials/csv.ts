// Bulk-upload CSV: the template, reading an uploaded file into rows, and checking each row with the same
// shared schema the listing editor uses. Pure apart from the CSV parser; the service owns the transaction.
import { parse } from 'fast-csv';
import { FREQUENCIES, LISTING_CATEGORIES } from '../../../shared/constants/enums';
import { LIMITS } from '../../../shared/constants/limits';
import { isSafeText } from '../../../shared/lib/text';
import { messageOfIssue, type Message } from '../../../shared/messages';
import { CSV_COLUMNS, CSV_REQUIRED_COLUMNS, listingFields, normalizeMaterialCode, type CsvColumn } from '../../../shared/schemas/materials';
import { isFormulaLike, neutraliseCell } from './policy';

export const CSV_TEMPLATE_FILE_NAME = 'listings-template.csv';

const EXAMPLE_ROW: Record<CsvColumn, string> = {
  title: 'Spent grain from brewing',
  description: 'Wet spent grain, collected daily from our brewhouse. Suitable for animal feed or biogas.',
  category: 'by-product',
  material_group_code: '020704',
  frequency: 'weekly',
  quantity: '1200',
  condition: 'Fresh',
  type: 'Organic',
  final_use: 'Animal feed',
  sdg_goals: '2;12',
};

/** Header row plus one example row; cells quoted where needed. */
export function csvTemplate(): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${CSV_COLUMNS.join(',')}\r\n${CSV_COLUMNS.map((c) => quote(EXAMPLE_ROW[c])).join(',')}\r\n`;
}

/** Text columns: formula-looking values are neutralised (prefixed with '), after validation. */
const TEXT_COLUMNS: readonly CsvColumn[] = ['title', 'description', 'condition', 'type', 'final_use'];

export interface CsvRowError {
  /** Spreadsheet line number: the header is row 1, the first listing row 2. */
  row: number;
  column: string;
  message: Message;
}

export interface CsvListingRow {
  row: number;
  data: ReturnType<typeof listingFields.parse>;
  material_group_code: string | null;
}

export type CsvReadResult =
  | { kind: 'unreadable'; reason: string }
  | { kind: 'too_many_rows'; rows: number }
  /** `column`: the header's name for that cell's position ('_' in the header row itself or beyond it). */
  | { kind: 'cell_too_long'; row: number; column: string }
  | { kind: 'rows'; header: CsvColumn[]; cells: { row: number; values: Partial<Record<CsvColumn, string>>; width: number }[] };

/** Characters of one cell at most: a listing's longest text (its description) is far shorter. */
export const CSV_CELL_MAX = 10_000;
/** Characters scanned or handed to the parser between two turns of the event loop. */
const SLICE = 32 * 1024;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Finds the first cell longer than CSV_CELL_MAX, quoted or not, without parsing: a quote-aware walk over the
 * text, a slice at a time with a turn of the event loop between slices. The parser then never sees a giant
 * cell (a 9 MB cell held the event loop for 5-9 s in one parse).
 */
export async function findLongCell(text: string, max = CSV_CELL_MAX): Promise<{ row: number; column: number } | null> {
  let quoted = false;
  let length = 0;
  let row = 1;
  let column = 1;
  for (let from = 0; from < text.length; from += SLICE) {
    if (from > 0) await nextTurn();
    const to = Math.min(text.length, from + SLICE);
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i);
      if (quoted) {
        if (c === 34 /* " */) {
          if (text.charCodeAt(i + 1) === 34) {
            i++;
            length++;
          } else quoted = false;
        } else length++;
      } else if (c === 34) quoted = true;
      else if (c === 44 /* , */) {
        length = 0;
        column++;
        continue;
      } else if (c === 10 /* \n */ || c === 13 /* \r */) {
        if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
        length = 0;
        column = 1;
        row++;
        continue;
      } else length++;
      if (length > max) return { row, column };
    }
  }
  return null;
}

/**
 * The file as text, or null when it is not UTF-8 text (a NUL byte, an invalid sequence): what the CSV sniff
 * checks, decoded a slice at a time instead of twice in one go.
 */
async function decodeText(body: Buffer): Promise<string | null> {
  if (body.includes(0)) return null;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text = '';
  try {
    for (let from = 0; from < body.length; from += 4 * SLICE) {
      if (from > 0) await nextTurn();
      text += decoder.decode(body.subarray(from, from + 4 * SLICE), { stream: true });
    }
    return text + decoder.decode();
  } catch {
    return null;
  }
}

/**
 * Reads the file into header + cells. Refuses binary, empty and wrongly shaped files as unreadable, and a cell
 * over CSV_CELL_MAX before parsing. The parser is fed a slice at a time with a turn of the event loop between
 * slices, so a large file never holds the server for long (docs/decisions/0184).
 */
export async function readCsv(body: Buffer): Promise<CsvReadResult> {
  if (body.length === 0) return { kind: 'unreadable', reason: 'empty file' };
  const decoded = await decodeText(body);
  if (decoded === null) return { kind: 'unreadable', reason: 'not UTF-8 text' };
  const text = decoded.replace(/^\uFEFF/, '');
  if (!/\S/.test(text)) return { kind: 'unreadable', reason: 'empty file' };
  const long = await findLongCell(text);
  if (long) {
    const firstLine = text.slice(0, Math.min(text.length, 4096)).split(/\r?\n/, 1)[0]!;
    const names = firstLine.split(',').map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase());
    const name = long.row > 1 ? names[long.column - 1] : undefined;
    return { kind: 'cell_too_long', row: long.row, column: name && (CSV_COLUMNS as readonly string[]).includes(name) ? name : '_' };
  }

  let records: string[][];
  try {
    records = await new Promise<string[][]>((resolve, reject) => {
      const out: string[][] = [];
      let done = false;
      const finish = () => {
        done = true;
        resolve(out);
      };
      const parser = parse({ headers: false, ignoreEmpty: true, trim: true })
        .on('error', (err) => {
          done = true;
          reject(err);
        })
        .on('data', (r: string[]) => {
          out.push(r);
          // Stop collecting early: the answer is "too many rows" whatever follows.
          if (out.length > LIMITS.csvRowsMax + 1 && !done) finish();
        })
        .on('end', () => {
          if (!done) finish();
        });
      void (async () => {
        for (let from = 0; from < text.length && !done; from += SLICE) {
          if (from > 0) await nextTurn();
          parser.write(text.slice(from, from + SLICE));
        }
        if (!done) parser.end();
      })();
    });
  } catch {
    return { kind: 'unreadable', reason: 'malformed CSV' };
  }
  const [headerCells, ...data] = records;
  if (!headerCells) return { kind: 'unreadable', reason: 'empty file' };
  const header = headerCells.map((h) => h.trim().toLowerCase());
  const known = new Set<string>(CSV_COLUMNS);
  if (header.some((h) => !known.has(h)) || new Set(header).size !== header.length)
    return { kind: 'unreadable', reason: 'unknown or repeated columns' };
  if (CSV_REQUIRED_COLUMNS.some((c) => !header.includes(c))) return { kind: 'unreadable', reason: 'missing columns' };
  if (data.length === 0) return { kind: 'unreadable', reason: 'no rows' };
  if (data.length > LIMITS.csvRowsMax) return { kind: 'too_many_rows', rows: data.length };

  const cols = header as CsvColumn[];
  return {
    kind: 'rows',
    header: cols,
    cells: data.map((r, i) => ({
      row: i + 2,
      width: r.length,
      values: Object.fromEntries(cols.map((c, j) => [c, r[j] ?? ''])) as Partial<Record<CsvColumn, string>>,
    })),
  };
}

/** Checks one row with the listing schema; returns the parsed listing or every error of the row. */
export function checkRow(
  cells: { row: number; values: Partial<Record<CsvColumn, string>>; width: number },
  headerWidth: number,
): { ok: true; value: CsvListingRow; neutralised: CsvColumn[] } | { ok: false; errors: CsvRowError[] } {
  const { row, values } = cells;
  if (cells.width !== headerWidth) {
    return { ok: false, errors: [{ row, column: '_', message: { code: 'bulk.rowWidth', params: { cells: cells.width, header: headerWidth } } }] };
  }
  const sdg = (values.sdg_goals ?? '').trim();
  // Cells checked here first, so the report names the value and what is allowed rather than a generic message.
  const precise = new Map<CsvColumn, CsvRowError>();
  const say = (column: CsvColumn, message: Message) => precise.set(column, { row, column, message });
  for (const column of CSV_REQUIRED_COLUMNS) if (!(values[column] ?? '').trim()) say(column, { code: 'bulk.emptyCell', params: { column } });
  // The rule JSON inputs follow (shared/lib/text.ts): no NUL or other control characters (BEL, ESC, ...).
  for (const column of CSV_COLUMNS) if (!isSafeText(values[column] ?? '')) say(column, { code: 'field.invalidCharacters' });
  const category = (values.category ?? '').trim();
  if (category && !(LISTING_CATEGORIES as readonly string[]).includes(category.toLowerCase()))
    say('category', { code: 'bulk.invalidCategory', params: { value: category, allowed: LISTING_CATEGORIES.join(', ') } });
  const frequency = (values.frequency ?? '').trim();
  if (frequency && !(FREQUENCIES as readonly string[]).includes(frequency.toLowerCase()))
    say('frequency', { code: 'bulk.invalidFrequency', params: { value: frequency, allowed: FREQUENCIES.join(', ') } });
  const qty = (values.quantity ?? '').trim();
  if (qty && !/^-?\d+(\.\d+)?$/.test(qty)) say('quantity', { code: 'bulk.invalidQuantity', params: { value: qty } });
  const badGoal = sdg ? sdg.split(/[;|,\s]+/).find((g) => g && !/^(?:[1-9]|1[0-7])$/.test(g)) : undefined;
  if (badGoal !== undefined) say('sdg_goals', { code: 'bulk.invalidSdg', params: { value: badGoal } });
  const candidate = {
    kind: 'offering' as const,
    title: values.title ?? '',
    description: values.description ?? '',
    category: (values.category ?? '').trim().toLowerCase() || undefined,
    frequency: (values.frequency ?? '').trim().toLowerCase() || undefined,
    quantity: values.quantity ?? '',
    condition: values.condition ?? '',
    type: values.type ?? '',
    final_use: values.final_use ?? '',
    sdg_goals: sdg ? sdg.split(/[;|,\s]+/).filter(Boolean) : [],
  };
  const parsed = listingFields.safeParse(candidate);
  if (!parsed.success || precise.size) {
    const errors = new Map<string, CsvRowError>(precise);
    for (const issue of parsed.error?.issues ?? []) {
      const column = String(issue.path[0] ?? '_');
      if (!errors.has(column)) errors.set(column, { row, column, message: messageOfIssue(issue) });
    }
    return {
      ok: false,
      errors: [...errors.values()].sort((a, b) => CSV_COLUMNS.indexOf(a.column as CsvColumn) - CSV_COLUMNS.indexOf(b.column as CsvColumn)),
    };
  }
  const data = parsed.data;
  const neutralised: CsvColumn[] = [];
  for (const col of TEXT_COLUMNS) {
    const key = col as 'title' | 'description' | 'condition' | 'type' | 'final_use';
    if (isFormulaLike(data[key])) {
      data[key] = neutraliseCell(data[key]);
      neutralised.push(col);
    }
  }
  const code = normalizeMaterialCode(values.material_group_code ?? '');
  return { ok: true, value: { row, data, material_group_code: code || null }, neutralised };
}
