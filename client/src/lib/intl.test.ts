import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl';

describe('cached Intl formatters', () => {
  it('returns the same formatter for the same locale and options', () => {
    expect(numberFormat('da-DK', { style: 'unit', unit: 'kilometer' })).toBe(numberFormat('da-DK', { style: 'unit', unit: 'kilometer' }));
    expect(dateTimeFormat('en-GB', { dateStyle: 'medium' })).toBe(dateTimeFormat('en-GB', { dateStyle: 'medium' }));
  });
  it('keeps locales and options apart', () => {
    expect(numberFormat('da-DK').format(1234.5)).toBe('1.234,5');
    expect(numberFormat('en-GB').format(1234.5)).toBe('1,234.5');
    expect(numberFormat('en-GB', { maximumFractionDigits: 0 }).format(1234.5)).toBe('1,235');
    expect(dateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-03-04T12:00:00Z'))).toBe('4 Mar 2026');
    expect(dateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date('2026-03-04T12:00:00Z'))).toBe('March 2026');
  });
});
