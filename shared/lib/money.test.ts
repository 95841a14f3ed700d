import { describe, expect, it } from 'vitest';
import { hasAtMostTwoDecimals, toMajor, toMinor } from './money';

describe('money', () => {
  it('accepts at most two decimals, binary fractions included', () => {
    expect([0, 12, 12.5, 12.55, 0.1 + 0.2].every(hasAtMostTwoDecimals)).toBe(true);
    expect([12.555, 0.001].some(hasAtMostTwoDecimals)).toBe(false);
  });
  it('converts between major and minor units, keeping null', () => {
    expect(toMinor(12.55)).toBe(1255);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMajor(1255)).toBe(12.55);
    expect(toMajor(null)).toBeNull();
  });
});
