import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from '../constants/enums';
import { addDays, daysBetween, daysLeft, isIsoDate, pickCurrentSubscription, subscriptionStatus } from './subscription';

const T = '2026-03-10';
const sub = (activation_date: string, end_date: string, cancelled = false) => ({ activation_date, end_date, cancelled });
const isoDay = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('2000-01-01', n));

describe('subscriptionStatus', () => {
  it('is inactive with no subscription, a cancelled one, or one that has not started', () => {
    expect(subscriptionStatus(null, T)).toBe('inactive');
    expect(subscriptionStatus(undefined, T)).toBe('inactive');
    expect(subscriptionStatus(sub('2026-01-01', '2026-12-31', true), T)).toBe('inactive');
    expect(subscriptionStatus(sub('2026-03-11', '2026-12-31'), T)).toBe('inactive');
  });

  it('draws the lines at 30 and 7 days left, and expires the day after the end date', () => {
    expect(subscriptionStatus(sub('2026-01-01', addDays(T, 31)), T)).toBe('active');
    expect(subscriptionStatus(sub('2026-01-01', addDays(T, 30)), T)).toBe('expiring_soon');
    expect(subscriptionStatus(sub('2026-01-01', addDays(T, 8)), T)).toBe('expiring_soon');
    expect(subscriptionStatus(sub('2026-01-01', addDays(T, 7)), T)).toBe('expires_very_soon');
    expect(subscriptionStatus(sub('2026-01-01', T), T)).toBe('expires_very_soon');
    expect(subscriptionStatus(sub('2026-01-01', addDays(T, -1)), T)).toBe('expired');
  });

  it('starts on the activation date itself', () => {
    expect(subscriptionStatus(sub(T, addDays(T, 14)), T)).toBe('expiring_soon');
  });

  it('always answers one of the five statuses, consistent with days left', () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: -400, max: 400 }), fc.integer({ min: 0, max: 800 }), (today, startOffset, length) => {
        const s = sub(addDays(today, startOffset), addDays(today, startOffset + length));
        const status = subscriptionStatus(s, today);
        expect(SUBSCRIPTION_STATUSES).toContain(status);
        const left = daysBetween(today, s.end_date);
        if (startOffset > 0) expect(status).toBe('inactive');
        else if (left < 0) expect(status).toBe('expired');
        else if (left <= 7) expect(status).toBe('expires_very_soon');
        else if (left <= 30) expect(status).toBe('expiring_soon');
        else expect(status).toBe('active');
        expect(daysLeft(s, today)).toBe(Math.max(0, left));
      }),
    );
  });

  it('never gets better as time passes for a started plan (active → soon → very soon → expired)', () => {
    const order = ['active', 'expiring_soon', 'expires_very_soon', 'expired'];
    fc.assert(
      fc.property(isoDay, fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 600 }), (start, length, step) => {
        const s = sub(start, addDays(start, length));
        const a = subscriptionStatus(s, addDays(start, step));
        const b = subscriptionStatus(s, addDays(start, step + 1));
        expect(order.indexOf(b)).toBeGreaterThanOrEqual(order.indexOf(a));
      }),
    );
  });
});

describe('dates', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-25', 14)).toBe('2026-01-08');
    expect(addDays('2026-03-10', -10)).toBe('2026-02-28');
  });

  it('addDays and daysBetween are inverse', () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: -5000, max: 5000 }), (d, n) => {
        expect(daysBetween(d, addDays(d, n))).toBe(n + 0);
      }),
    );
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate('tomorrow')).toBe(false);
  });
});

describe('pickCurrentSubscription', () => {
  it('prefers the running plan, then the next queued one, then the one that ended last; never a cancelled one', () => {
    const old = sub('2025-01-01', '2025-06-30');
    const running = sub('2026-03-01', '2026-03-20');
    const queued = sub('2026-03-21', '2026-09-01');
    const cancelled = sub('2026-01-01', '2026-12-31', true);
    expect(pickCurrentSubscription([old, running, queued, cancelled], T)).toBe(running);
    expect(pickCurrentSubscription([old, queued, cancelled], T)).toBe(queued);
    expect(pickCurrentSubscription([old, sub('2025-07-01', '2025-08-01'), cancelled], T)).toEqual(sub('2025-07-01', '2025-08-01'));
    expect(pickCurrentSubscription([cancelled], T)).toBeNull();
    expect(pickCurrentSubscription([], T)).toBeNull();
  });
});
