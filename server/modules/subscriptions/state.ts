// Assignment of a plan to a company (SPEC §4, PRODUCT.md "Subscriptions"), as a pure transition table.
// Dates are 'YYYY-MM-DD'; end_date is the last day of allowance (inclusive). See docs/decisions/0017 (dates), 0018 (modes).
import type { AssignmentMode, SubscriptionAction } from '../../../shared/constants/enums';
import { addDays, daysBetween, maxDate } from '../../../shared/lib/subscription';

/** Built-in plans have a length; custom plans a fixed window. */
export type PlanTerm = { kind: 'length'; days: number } | { kind: 'window'; start_date: string; end_date: string };

export interface CurrentSubscription {
  id: number;
  activation_date: string;
  end_date: string;
}

export type AssignmentStep =
  /** Insert a new subscription and write `action` for it. */
  | { op: 'create'; activation_date: string; end_date: string; action: Extract<SubscriptionAction, 'ACTIVATED' | 'RENEWED'> }
  /** Move the current subscription's end date and write EXTENDED. */
  | { op: 'extend'; subscription_id: number; end_date: string; action: 'EXTENDED' }
  /** Cancel the current subscription (from `end_date` = the day before the new one) and write CANCELLED. */
  | { op: 'cancel'; subscription_id: number; end_date: string; action: 'CANCELLED' };

export type AssignmentResult = { ok: true; steps: AssignmentStep[] } | { ok: false; reason: 'window_over' | 'window_before_current' };

/**
 * `current` is the company's live subscription that ends last: not cancelled and not yet over (it may have
 * been queued to start later). `earlier` holds the company's other live subscriptions (the running plan when
 * `current` is queued after it). Null when the company has none; every mode then starts the plan as if
 * `start_now`.
 *
 * - start_now: the plan starts today; every live plan (running or queued) is cancelled, so exactly one is live.
 * - after_current: the plan starts the day after the current one ends (RENEWED).
 * - extend_current: the current plan's end moves out by the plan's length (or, for a window, to its end).
 * A custom window cannot start before today: a window that has already ended is refused, one that has
 * begun starts today.
 */
export function planAssignment(input: {
  current: CurrentSubscription | null;
  earlier?: readonly CurrentSubscription[];
  term: PlanTerm;
  mode: AssignmentMode;
  today: string;
}): AssignmentResult {
  const { current, term, today } = input;
  if (term.kind === 'window' && term.end_date < today) return { ok: false, reason: 'window_over' };
  const mode: AssignmentMode = current ? input.mode : 'start_now';

  const startingOn = (from: string): { activation_date: string; end_date: string } =>
    term.kind === 'length'
      ? { activation_date: from, end_date: addDays(from, term.days) }
      : { activation_date: maxDate(from, term.start_date), end_date: term.end_date };

  switch (mode) {
    case 'start_now': {
      const window = startingOn(today);
      const steps: AssignmentStep[] = [];
      for (const live of [...(input.earlier ?? []), ...(current ? [current] : [])]) {
        // A queued plan that has not begun is cancelled as a whole: its end becomes the day before it starts.
        const cutEnd = live.activation_date > today ? addDays(live.activation_date, -1) : addDays(window.activation_date, -1);
        steps.push({ op: 'cancel', subscription_id: live.id, end_date: cutEnd, action: 'CANCELLED' });
      }
      steps.push({ op: 'create', ...window, action: window.activation_date <= today ? 'ACTIVATED' : 'RENEWED' });
      return { ok: true, steps };
    }
    case 'after_current': {
      const window = startingOn(addDays(current!.end_date, 1));
      if (window.end_date < window.activation_date) return { ok: false, reason: 'window_before_current' };
      return { ok: true, steps: [{ op: 'create', ...window, action: 'RENEWED' }] };
    }
    case 'extend_current': {
      const end = term.kind === 'length' ? addDays(current!.end_date, term.days) : maxDate(current!.end_date, term.end_date);
      if (end === current!.end_date) return { ok: false, reason: 'window_before_current' };
      return { ok: true, steps: [{ op: 'extend', subscription_id: current!.id, end_date: end, action: 'EXTENDED' }] };
    }
  }
}

/** Length in days a plan adds; for windows, the window's own length. */
export function termDays(term: PlanTerm): number {
  return term.kind === 'length' ? term.days : daysBetween(term.start_date, term.end_date);
}
