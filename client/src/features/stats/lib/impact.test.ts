import { describe, expect, it } from 'vitest';
import { changeOf, monthLabel, previousMonth } from './impact';

describe('impact screen helpers', () => {
  it('names months in the reader’s language, in UTC', () => {
    expect(monthLabel('en-GB', '2026-01')).toBe('Jan 2026');
    expect(monthLabel('da-DK', '2026-05', 'long')).toBe('maj 2026');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
  });

  it('reads a change as up, down, the same, new (nothing the month before) or nothing at all', () => {
    expect(changeOf(150, 50)).toEqual({ kind: 'up', percent: 50 });
    expect(changeOf(0, -100)).toEqual({ kind: 'down', percent: 100 });
    expect(changeOf(10, 0)).toEqual({ kind: 'same', percent: 0 });
    expect(changeOf(10, null)).toEqual({ kind: 'new' });
    expect(changeOf(0, null)).toEqual({ kind: 'none' });
  });
});
