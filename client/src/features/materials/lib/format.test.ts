import { describe, expect, it } from 'vitest';
import { ageOf, formatKm, formatQuantity } from './format';

const now = Date.UTC(2026, 5, 15, 12);
const daysBefore = (d: number) => now - d * 86_400_000;

describe('days-ago label (SPEC §9)', () => {
  it('says Today on the day a listing is posted', () => {
    expect(ageOf(now, now)).toEqual({ unit: 'today' });
    expect(ageOf(now - 3_600_000, now)).toEqual({ unit: 'today' });
  });
  it('counts days up to 30, months up to 365, then years', () => {
    expect(ageOf(daysBefore(1), now)).toEqual({ unit: 'days', n: 1 });
    expect(ageOf(daysBefore(30), now)).toEqual({ unit: 'days', n: 30 });
    expect(ageOf(daysBefore(31), now)).toEqual({ unit: 'months', n: 1 });
    expect(ageOf(daysBefore(95), now)).toEqual({ unit: 'months', n: 3 });
    expect(ageOf(daysBefore(365), now)).toEqual({ unit: 'months', n: 12 });
    expect(ageOf(daysBefore(366), now)).toEqual({ unit: 'years', n: 1 });
    expect(ageOf(daysBefore(800), now)).toEqual({ unit: 'years', n: 2 });
  });
  it('treats a date in the future (clock skew) as today', () => {
    expect(ageOf(now + 60_000, now)).toEqual({ unit: 'today' });
  });
});

describe('quantities and distances follow the language', () => {
  it('formats kilograms and hours', () => {
    expect(formatQuantity('en', 12000, 'kg')).toBe('12,000 kg');
    expect(formatQuantity('dk', 12000, 'kg')).toBe('12.000 kg');
    expect(formatQuantity('en', 40, 'hours')).toBe('40 hours');
  });
  it('formats kilometres with one decimal under 10 km', () => {
    expect(formatKm('en', 3.24)).toBe('3.2 km');
    expect(formatKm('dk', 3.24)).toBe('3,2 km');
    expect(formatKm('en', 31.7)).toBe('32 km');
  });
});
