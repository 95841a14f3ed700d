import { describe, expect, it } from 'vitest';
import { joinMonths, presetPeriod, statisticsCsv, type ExchangeStats } from './statistics';

const month = (m: string, o: Partial<ExchangeStats['months'][number]> = {}): ExchangeStats['months'][number] => ({
  month: m,
  offers: 0,
  synergies_started: 0,
  synergies_completed: 0,
  successful: 0,
  success_rate: null,
  kgs: 0,
  hours: 0,
  co2e_kg: 0,
  ...o,
});

describe('period presets', () => {
  it('give inclusive UTC days ending today, or last calendar year', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(presetPeriod('3m', now)).toEqual({ from: '2026-09-01', to: '2026-11-24' });
    expect(presetPeriod('12m', now)).toEqual({ from: '2025-12-01', to: '2026-11-24' });
    expect(presetPeriod('thisYear', now)).toEqual({ from: '2026-01-01', to: '2026-11-24' });
    expect(presetPeriod('lastYear', now)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });
});

describe('the statistics CSV', () => {
  it('has one row per month of the period, with the figures of every call, zero where a call had none', () => {
    const ex = { months: [month('2026-10', { offers: 3, success_rate: 50, kgs: 1000 }), month('2026-11')] };
    const rows = joinMonths(
      ex,
      { months: [{ month: '2026-10', by_category: { 'by-product': 1, surplus: 0, waste: 2, knowledge: 0 }, total: 3 }] },
      { months: [{ month: '2026-11', displays: 8, clicks: 2, click_through_rate: 25 }] },
      { by_month: [{ month: '2026-10', pending: 1, accepted: 2, rejected: 0, total: 3 }] },
    );
    const lines = statisticsCsv(rows).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^month,offers,synergies_started,.*,click_through_rate_percent$/);
    expect(lines[1]).toBe('2026-10,3,0,0,0,50,1000,0,0,1,0,2,0,3,1,2,0,3,0,0,');
    expect(lines[2]).toBe('2026-11,0,0,0,0,,0,0,0,0,0,0,0,0,0,0,0,0,8,2,25');
  });
});
