import { describe, expect, it } from 'vitest';
import { buildPeriods, changePercent, lastMonths, monthKey, monthStart } from './stats';

describe('company stats periods', () => {
  it('takes calendar months in UTC, across a year boundary, oldest first', () => {
    const now = new Date('2026-01-31T23:30:00Z');
    expect(lastMonths(now, 4)).toEqual(['2025-10', '2025-11', '2025-12', '2026-01']);
    expect(monthStart(now, -4).toISOString()).toBe('2025-09-01T00:00:00.000Z');
    expect(monthStart(now, 1).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    // 00:30 on 1 March in Copenhagen is still February in UTC.
    expect(monthKey(new Date('2026-02-28T23:30:00Z'))).toBe('2026-02');
  });

  it('gives the change in percent to one decimal, null without a base', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(0, 100)).toBe(-100);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(0, 0)).toBeNull();
  });

  it('pads months without activity with zeros and compares the oldest with the month before it', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    const periods = buildPeriods(
      now,
      new Map([
        ['2026-01', { kgs: 400, completed_synergies: 1 }],
        ['2026-02', { kgs: 1000, completed_synergies: 2, co2e_kg: 1199.3134, money_saved: 10 }],
        ['2026-05', { hours: 8, completed_synergies: 1 }],
        ['2025-05', { kgs: 99 }], // outside the window: ignored
      ]),
    );
    expect(periods.map((p) => p.month)).toEqual(['2026-02', '2026-03', '2026-04', '2026-05']);
    expect(periods[0]).toMatchObject({ kgs: 1000, kgs_change_percent: 150, completed_synergies_change_percent: 100, co2e_kg_change_percent: null });
    expect(periods[1]).toMatchObject({
      kgs: 0,
      hours: 0,
      completed_synergies: 0,
      money_saved: 0,
      revenue_made: 0,
      co2e_kg: 0,
      kgs_change_percent: -100,
      money_saved_change_percent: -100,
      revenue_made_change_percent: null,
    });
    expect(periods[2]).toMatchObject({ kgs_change_percent: null, completed_synergies_change_percent: null });
    expect(periods[3]).toMatchObject({ hours: 8, hours_change_percent: null, completed_synergies: 1 });
    for (const p of periods) expect(Object.keys(p)).toHaveLength(1 + 6 * 2);
  });
});
