import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting, leaves numbers plain and empty cells empty', () => {
    expect(
      toCsv([
        ['month', 'kg', 'note'],
        ['2026-11', 1250.5, 'a, "b"'],
        ['2026-12', null, undefined],
      ]),
    ).toBe('month,kg,note\r\n2026-11,1250.5,"a, ""b"""\r\n2026-12,,\r\n');
  });
  it('keeps a spreadsheet from running a text cell as a formula, but not a negative number', () => {
    expect(toCsv([['=SUM(A1)', '-5', -5, '@x']])).toBe(`'=SUM(A1),'-5,-5,'@x\r\n`);
  });
});
