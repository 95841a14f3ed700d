import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slotEndTime, slotsOverlap, tripWindow, type TripSlot } from './schedule';

const slot = (event_date: string, start_time: string, estimated_duration: number | null = null): TripSlot => ({
  event_date,
  start_time,
  estimated_duration,
});

describe('slotsOverlap', () => {
  it('clashes when one window starts before the other ends', () => {
    expect(slotsOverlap(slot('2030-01-01', '08:00', 60), slot('2030-01-01', '08:30', 60))).toBe(true);
    expect(slotsOverlap(slot('2030-01-01', '08:30', 60), slot('2030-01-01', '08:00', 60))).toBe(true);
    expect(slotsOverlap(slot('2030-01-01', '08:00', 120), slot('2030-01-01', '08:30', 15))).toBe(true);
  });

  it('lets a trip start the minute the other ends, and trips on other days pass', () => {
    expect(slotsOverlap(slot('2030-01-01', '08:00', 60), slot('2030-01-01', '09:00', 60))).toBe(false);
    expect(slotsOverlap(slot('2030-01-01', '08:00', 60), slot('2030-01-02', '08:00', 60))).toBe(false);
  });

  it('follows a window past midnight into the next day', () => {
    expect(slotsOverlap(slot('2030-01-01', '23:30', 90), slot('2030-01-02', '00:30', 30))).toBe(true);
    expect(slotsOverlap(slot('2030-01-01', '23:30', 60), slot('2030-01-02', '00:30', 30))).toBe(false);
  });

  it('without a duration, clashes on the same date and time only, or inside another trip', () => {
    expect(slotsOverlap(slot('2030-01-01', '08:00'), slot('2030-01-01', '08:00'))).toBe(true);
    expect(slotsOverlap(slot('2030-01-01', '08:00', 0), slot('2030-01-01', '08:01', 0))).toBe(false);
    expect(slotsOverlap(slot('2030-01-01', '08:00'), slot('2030-01-02', '08:00'))).toBe(false);
    expect(slotsOverlap(slot('2030-01-01', '08:30'), slot('2030-01-01', '08:00', 45))).toBe(true);
    expect(slotsOverlap(slot('2030-01-01', '08:45'), slot('2030-01-01', '08:00', 45))).toBe(false);
  });

  it('rounds a fractional duration up to whole minutes', () => {
    expect(slotsOverlap(slot('2030-01-01', '08:00', 59.2), slot('2030-01-01', '08:59'))).toBe(true);
  });

  it('cannot compare a trip without a date or time, so it clashes with nothing', () => {
    expect(slotsOverlap({ event_date: null, start_time: '08:00', estimated_duration: 60 }, slot('2030-01-01', '08:00', 60))).toBe(false);
    expect(slotsOverlap({ event_date: '2030-01-01', start_time: null, estimated_duration: 60 }, slot('2030-01-01', '08:00', 60))).toBe(false);
  });

  it('is symmetric and clashes a trip with itself, for any date, time and duration', () => {
    const anySlot = fc
      .record({
        day: fc.integer({ min: 0, max: 3 }),
        minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
        duration: fc.option(fc.integer({ min: 0, max: 600 }), { nil: null }),
      })
      .map(({ day, minute, duration }) =>
        slot(`2030-01-0${day + 1}`, `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`, duration),
      );
    fc.assert(
      fc.property(anySlot, anySlot, (a, b) => {
        expect(slotsOverlap(a, b)).toBe(slotsOverlap(b, a));
        expect(slotsOverlap(a, a)).toBe(true);
        // The same as comparing the windows by hand: [start, start + max(duration, 1)).
        const x = tripWindow(a)!;
        const y = tripWindow(b)!;
        expect(slotsOverlap(a, b)).toBe(!(x.end <= y.start || y.end <= x.start));
      }),
    );
  });
});

describe('slotEndTime', () => {
  it('is the start plus the duration on the wall clock, or the start when the duration is unknown', () => {
    expect(slotEndTime(slot('2030-01-01', '08:00', 75))).toBe('09:15');
    expect(slotEndTime(slot('2030-01-01', '23:30', 90))).toBe('01:00');
    expect(slotEndTime(slot('2030-01-01', '08:00'))).toBe('08:00');
  });
});
