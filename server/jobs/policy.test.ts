import { describe, expect, it } from 'vitest';
import { afterAttempt, attemptsWithin, checkEveryMs, exponentialBackoff, periodStart, retryDelay } from './policy';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('afterAttempt', () => {
  const policy = { backoff: [5_000, 5 * MIN, 30 * MIN], maxAttempts: 4 };

  it('is done after an attempt that worked, whichever attempt it was', () => {
    expect(afterAttempt(policy, 1, 'ok')).toEqual({ status: 'succeeded' });
    expect(afterAttempt(policy, 4, 'ok')).toEqual({ status: 'succeeded' });
  });

  it('waits the backoff of the attempt that failed before the next', () => {
    expect(afterAttempt(policy, 1, 'error')).toEqual({ status: 'queued', delayMs: 5_000 });
    expect(afterAttempt(policy, 2, 'error')).toEqual({ status: 'queued', delayMs: 5 * MIN });
    expect(afterAttempt(policy, 3, 'error')).toEqual({ status: 'queued', delayMs: 30 * MIN });
  });

  it('fails for good after the last attempt, or at once when trying again cannot help', () => {
    expect(afterAttempt(policy, 4, 'error')).toEqual({ status: 'failed' });
    expect(afterAttempt(policy, 9, 'error')).toEqual({ status: 'failed' });
    expect(afterAttempt(policy, 1, 'permanent')).toEqual({ status: 'failed' });
    expect(afterAttempt({ backoff: [], maxAttempts: 1 }, 1, 'error')).toEqual({ status: 'failed' });
  });
});

describe('retryDelay', () => {
  it('repeats the last wait once the list runs out, and waits nothing without a list', () => {
    expect(retryDelay([1, 2, 3], 3)).toBe(3);
    expect(retryDelay([1, 2, 3], 7)).toBe(3);
    expect(retryDelay([1, 2, 3], 0)).toBe(1);
    expect(retryDelay([], 2)).toBe(0);
  });
});

describe('exponentialBackoff', () => {
  it('multiplies each wait by the factor up to the cap', () => {
    expect(exponentialBackoff({ first: MIN, factor: 4, max: HOUR, steps: 5 })).toEqual([MIN, 4 * MIN, 16 * MIN, HOUR, HOUR]);
    expect(exponentialBackoff({ first: 30_000, factor: 4, max: HOUR, steps: 5 })).toEqual([30_000, 2 * MIN, 8 * MIN, 32 * MIN, HOUR]);
  });
});

describe('attemptsWithin', () => {
  it('counts the attempts a schedule makes in a window: a webhook-style schedule for 24 hours', () => {
    // 5 s, 5 min, 30 min, 2 h, 8 h, then 8 h again: attempts at 0, 5 s, ~5 min, ~35 min, ~2.6 h, ~10.6 h, ~18.6 h.
    const webhook = [5_000, 5 * MIN, 30 * MIN, 2 * HOUR, 8 * HOUR];
    expect(attemptsWithin(webhook, 24 * HOUR)).toBe(7);
    expect(attemptsWithin(webhook, 4_999)).toBe(1);
    expect(attemptsWithin([], 24 * HOUR)).toBe(1);
  });
});

describe('periods', () => {
  it('cuts wall-clock time into fixed UTC windows', () => {
    const day = 86_400_000;
    expect(periodStart(Date.UTC(2026, 0, 2, 23, 59), day)).toBe(Date.UTC(2026, 0, 2));
    expect(periodStart(Date.UTC(2026, 0, 3, 0, 0), day)).toBe(Date.UTC(2026, 0, 3));
    expect(periodStart(Date.UTC(2026, 0, 3, 0, 0, 59), MIN)).toBe(Date.UTC(2026, 0, 3, 0, 0));
  });

  it('checks twice a period, at most every 30 s and at least every 50 ms', () => {
    expect(checkEveryMs(86_400_000)).toBe(30_000);
    expect(checkEveryMs(40_000)).toBe(20_000);
    expect(checkEveryMs(40)).toBe(50);
  });
});
