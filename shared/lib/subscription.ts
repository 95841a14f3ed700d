// Subscription status from dates (PRODUCT.md "Subscriptions"). Pure: both sides compute the same answer.
// Dates are calendar dates 'YYYY-MM-DD' in UTC. end_date is the last day of allowance (inclusive):
// a plan of N days started on D has end_date D + N (see docs/decisions/0017).
import type { SubscriptionStatus } from '../constants/enums';
import { LIMITS } from '../constants/limits';

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * The calendar dates the product holds: JavaScript and Postgres disagree outside them (Postgres has no year 0,
 * so '0000-01-01' was a 500), and no plan, trip, licence or report needs a year before 1900 or after 2999.
 */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2999;

export function isIsoDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const year = Number(s.slice(0, 4));
  if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function toUtcMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** 'YYYY-MM-DD' of an instant, in UTC. */
export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return isoDate(new Date(toUtcMs(date) + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

export const maxDate = (a: string, b: string) => (a >= b ? a : b);

export interface SubscriptionDates {
  activation_date: string;
  end_date: string;
  cancelled?: boolean;
}

/**
 * inactive: none, cancelled or not started yet; expired: past its end date; expires_very_soon: 7 days or
 * less left; expiring_soon: 30 days or less left; otherwise active.
 */
export function subscriptionStatus(sub: SubscriptionDates | null | undefined, today: string): SubscriptionStatus {
  if (!sub || sub.cancelled) return 'inactive';
  if (today < sub.activation_date) return 'inactive';
  const left = daysBetween(today, sub.end_date);
  if (left < 0) return 'expired';
  if (left <= LIMITS.expiresVerySoonDays) return 'expires_very_soon';
  if (left <= LIMITS.expiringSoonDays) return 'expiring_soon';
  return 'active';
}

/** Days of allowance left, counting today; 0 once expired, null when there is no subscription. */
export function daysLeft(sub: SubscriptionDates | null | undefined, today: string): number | null {
  if (!sub || sub.cancelled) return null;
  return Math.max(0, daysBetween(today, sub.end_date));
}

/**
 * Which of a company's subscriptions to show: the running one (latest start), else the next one queued,
 * else the one that ended last. Cancelled ones are never current.
 */
export function pickCurrentSubscription<T extends SubscriptionDates>(subs: readonly T[], today: string): T | null {
  const live = subs.filter((s) => !s.cancelled);
  const running = live.filter((s) => s.activation_date <= today && today <= s.end_date);
  if (running.length) return running.reduce((a, b) => (b.activation_date > a.activation_date ? b : a));
  const upcoming = live.filter((s) => s.activation_date > today);
  if (upcoming.length) return upcoming.reduce((a, b) => (b.activation_date < a.activation_date ? b : a));
  if (live.length) return live.reduce((a, b) => (b.end_date > a.end_date ? b : a));
  return null;
}
