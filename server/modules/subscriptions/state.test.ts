import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_MODES } from '../../../shared/constants/enums';
import { addDays } from '../../../shared/lib/subscription';
import { planAssignment, type CurrentSubscription, type PlanTerm } from './state';

const T = '2026-03-10';
const running: CurrentSubscription = { id: 7, activation_date: '2026-03-01', end_date: '2026-03-31' };
const queued: CurrentSubscription = { id: 8, activation_date: '2026-04-01', end_date: '2026-05-01' };
const length14: PlanTerm = { kind: 'length', days: 14 };
const window: PlanTerm = { kind: 'window', start_date: '2026-06-01', end_date: '2026-08-31' };
const begunWindow: PlanTerm = { kind: 'window', start_date: '2026-01-01', end_date: '2026-12-31' };
const overWindow: PlanTerm = { kind: 'window', start_date: '2025-01-01', end_date: '2025-12-31' };

describe('planAssignment: the whole table', () => {
  // Every (current, term, mode) combination and its expected steps.
  const cases: [string, CurrentSubscription | null, PlanTerm, (typeof ASSIGNMENT_MODES)[number], unknown][] = [
    ['none, length, start_now', null, length14, 'start_now', [{ op: 'create', activation_date: T, end_date: '2026-03-24', action: 'ACTIVATED' }]],
    [
      'none, length, after_current',
      null,
      length14,
      'after_current',
      [{ op: 'create', activation_date: T, end_date: '2026-03-24', action: 'ACTIVATED' }],
    ],
    [
      'none, length, extend_current',
      null,
      length14,
      'extend_current',
      [{ op: 'create', activation_date: T, end_date: '2026-03-24', action: 'ACTIVATED' }],
    ],
    [
      'running, length, start_now',
      running,
      length14,
      'start_now',
      [
        { op: 'cancel', subscription_id: 7, end_date: '2026-03-09', action: 'CANCELLED' },
        { op: 'create', activation_date: T, end_date: '2026-03-24', action: 'ACTIVATED' },
      ],
    ],
    [
      'running, length, after_current',
      running,
      length14,
      'after_current',
      [{ op: 'create', activation_date: '2026-04-01', end_date: '2026-04-15', action: 'RENEWED' }],
    ],
    [
      'running, length, extend_current',
      running,
      length14,
      'extend_current',
      [{ op: 'extend', subscription_id: 7, end_date: '2026-04-14', action: 'EXTENDED' }],
    ],
    [
      'queued, length, start_now',
      queued,
      length14,
      'start_now',
      [
        { op: 'cancel', subscription_id: 8, end_date: '2026-03-31', action: 'CANCELLED' },
        { op: 'create', activation_date: T, end_date: '2026-03-24', action: 'ACTIVATED' },
      ],
    ],
    [
      'queued, length, after_current',
      queued,
      length14,
      'after_current',
      [{ op: 'create', activation_date: '2026-05-02', end_date: '2026-05-16', action: 'RENEWED' }],
    ],
    [
      'queued, length, extend_current',
      queued,
      length14,
      'extend_current',
      [{ op: 'extend', subscription_id: 8, end_date: '2026-05-15', action: 'EXTENDED' }],
    ],
    [
      'none, future window, start_now',
      null,
      window,
      'start_now',
      [{ op: 'create', activation_date: '2026-06-01', end_date: '2026-08-31', action: 'RENEWED' }],
    ],
    [
      'none, begun window, start_now',
      null,
      begunWindow,
      'start_now',
      [{ op: 'create', activation_date: T, end_date: '2026-12-31', action: 'ACTIVATED' }],
    ],
    [
      'running, future window, after_current',
      running,
      window,
      'after_current',
      [{ op: 'create', activation_date: '2026-06-01', end_date: '2026-08-31', action: 'RENEWED' }],
    ],
    [
      'running, begun window, after_current',
      running,
      begunWindow,
      'after_current',
      [{ op: 'create', activation_date: '2026-04-01', end_date: '2026-12-31', action: 'RENEWED' }],
    ],
    [
      'running, window, extend_current',
      running,
      window,
      'extend_current',
      [{ op: 'extend', subscription_id: 7, end_date: '2026-08-31', action: 'EXTENDED' }],
    ],
    [
      'running, begun window, start_now',
      running,
      begunWindow,
      'start_now',
      [
        { op: 'cancel', subscription_id: 7, end_date: '2026-03-09', action: 'CANCELLED' },
        { op: 'create', activation_date: T, end_date: '2026-12-31', action: 'ACTIVATED' },
      ],
    ],
  ];

  it.each(cases)('%s', (_name, current, term, mode, steps) => {
    expect(planAssignment({ current, term, mode, today: T })).toEqual({ ok: true, steps });
  });

  it('refuses a window that has already ended, in every mode', () => {
    for (const mode of ASSIGNMENT_MODES)
      for (const current of [null, running, queued]) {
        expect(planAssignment({ current, term: overWindow, mode, today: T })).toEqual({ ok: false, reason: 'window_over' });
      }
  });

  it('refuses to follow or extend with a window that ends before the current plan does', () => {
    const short: PlanTerm = { kind: 'window', start_date: '2026-03-01', end_date: '2026-03-20' };
    expect(planAssignment({ current: running, term: short, mode: 'after_current', today: T })).toEqual({
      ok: false,
      reason: 'window_before_current',
    });
    expect(planAssignment({ current: running, term: short, mode: 'extend_current', today: T })).toEqual({
      ok: false,
      reason: 'window_before_current',
    });
  });
});

describe('planAssignment: a running plan with a queued one after it', () => {
  it('start_now cancels both, so exactly one plan is live afterwards', () => {
    expect(planAssignment({ current: queued, earlier: [running], term: length14, mode: 'start_now', today: T })).toEqual({
      ok: true,
      steps: [
        { op: 'cancel', subscription_id: 7, end_date: '2026-03-09', action: 'CANCELLED' },
        { op: 'cancel', subscription_id: 8, end_date: '2026-03-31', action: 'CANCELLED' },
        { op: 'create', activation_date: T, end_date: '2026-03-24', action: 'ACTIVATED' },
      ],
    });
  });

  it('after_current follows the queued plan and extend_current extends it, leaving the running plan alone', () => {
    expect(planAssignment({ current: queued, earlier: [running], term: length14, mode: 'after_current', today: T })).toEqual({
      ok: true,
      steps: [{ op: 'create', activation_date: '2026-05-02', end_date: '2026-05-16', action: 'RENEWED' }],
    });
    expect(planAssignment({ current: queued, earlier: [running], term: length14, mode: 'extend_current', today: T })).toEqual({
      ok: true,
      steps: [{ op: 'extend', subscription_id: 8, end_date: '2026-05-15', action: 'EXTENDED' }],
    });
  });
});

describe('planAssignment: invariants for any dates', () => {
  const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2024-01-01', n));
  const current = fc.option(
    fc.tuple(fc.integer({ min: -200, max: 100 }), fc.integer({ min: 0, max: 400 })).map(([startOffset, len]) => ({ startOffset, len })),
    { nil: null },
  );
  const term = fc.oneof(
    fc.integer({ min: 1, max: 400 }).map((days) => ({ kind: 'length' as const, days })),
    fc.tuple(fc.integer({ min: -300, max: 300 }), fc.integer({ min: 1, max: 400 })).map(([o, len]) => ({ kind: 'window' as const, o, len })),
  );

  it('never starts in the past, never ends before it starts, and never leaves a gap or overlap after the current plan', () => {
    fc.assert(
      fc.property(day, current, term, fc.constantFrom(...ASSIGNMENT_MODES), (today, cur, t, mode) => {
        // The current plan is live: not over yet.
        const c =
          cur && addDays(today, cur.startOffset + cur.len) >= today
            ? { id: 1, activation_date: addDays(today, cur.startOffset), end_date: addDays(today, cur.startOffset + cur.len) }
            : null;
        const planTerm: PlanTerm =
          t.kind === 'length' ? t : { kind: 'window', start_date: addDays(today, t.o), end_date: addDays(today, t.o + t.len) };
        const r = planAssignment({ current: c, term: planTerm, mode, today });
        if (!r.ok) {
          expect(planTerm.kind).toBe('window');
          return;
        }
        for (const s of r.steps) {
          if (s.op === 'create') {
            expect(s.activation_date >= today).toBe(true);
            expect(s.end_date >= s.activation_date).toBe(true);
            if (c && mode === 'after_current') expect(s.activation_date > c.end_date).toBe(true);
            if (c && mode === 'after_current' && planTerm.kind === 'length') expect(s.activation_date).toBe(addDays(c.end_date, 1));
          }
          if (s.op === 'extend') expect(s.end_date > c!.end_date).toBe(true);
        }
        const actions = r.steps.map((s) => s.action);
        if (!c) expect(r.steps).toHaveLength(1);
        if (c && mode === 'start_now') expect(actions[0]).toBe('CANCELLED');
        if (c && mode === 'extend_current') expect(actions).toEqual(['EXTENDED']);
        if (c && mode === 'after_current') expect(actions).toEqual(['RENEWED']);
      }),
    );
  });
});
