// The bulk-upload report names the real problem of each cell: what was found and what is allowed.
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../../shared/messages';
import { CSV_COLUMNS, type CsvColumn } from '../../../shared/schemas/materials';
import { checkRow } from './csv';

const valid: Record<CsvColumn, string> = {
  title: 'Pallets',
  description: 'Used EUR pallets',
  category: 'surplus',
  material_group_code: '150103',
  frequency: 'monthly',
  quantity: '10',
  condition: 'Used',
  type: 'Wood',
  final_use: 'Reuse',
  sdg_goals: '12;15',
};
const check = (o: Partial<Record<CsvColumn, string>>) => {
  const res = checkRow({ row: 7, values: { ...valid, ...o }, width: CSV_COLUMNS.length }, CSV_COLUMNS.length);
  return res.ok ? {} : Object.fromEntries(res.errors.map((e) => [e.column, formatMessage(e.message)]));
};

describe('bulk-upload row messages', () => {
  it('accepts a valid row, in any letter case of category and frequency', () => {
    expect(check({})).toEqual({});
    expect(check({ category: 'By-Product', frequency: 'Weekly' })).toEqual({});
  });

  it('names an unknown category or frequency and lists the allowed values', () => {
    expect(check({ category: 'scrap', frequency: 'hourly' })).toEqual({
      category: 'Unknown category “scrap”. Use one of: by-product, surplus, waste, knowledge',
      frequency: 'Unknown frequency “hourly”. Use one of: daily, weekly, monthly, every few months, one-off',
    });
  });

  it('says which cell is empty', () => {
    expect(check({ title: '', final_use: '  ' })).toEqual({
      title: 'The title cell is empty; every row needs one',
      final_use: 'The final_use cell is empty; every row needs one',
    });
  });

  it('explains a quantity that is not a number, and keeps the schema’s own quantity messages', () => {
    expect(check({ quantity: '12 kg' })).toEqual({ quantity: 'Quantity must be a whole number of 0 or more, e.g. 1200 (not “12 kg”)' });
    expect(check({ quantity: '-4' })).toEqual({ quantity: 'Quantity cannot be negative' });
  });

  it('names an SDG outside 1-17', () => {
    expect(check({ sdg_goals: '12;18' })).toEqual({
      sdg_goals: 'Unknown SDG “18”. Use goal numbers from 1 to 17 separated by semicolons, e.g. 2;12',
    });
  });

  it('reports a row with the wrong number of cells once', () => {
    const res = checkRow({ row: 3, values: valid, width: 4 }, CSV_COLUMNS.length);
    expect(res.ok ? [] : res.errors.map((e) => formatMessage(e.message))).toEqual(['This row has 4 cells; the header has 10']);
  });
});
