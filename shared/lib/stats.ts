// Company stats periods (SPEC §3 "Company stats", PRODUCT.md "Impact"): calendar months in UTC, this one and the
// ones before, zero-padded, each figure with its change in percent against the month before. Pure.
import { isIsoDate } from './subscription';

export const STATS_FIELDS = ['kgs', 'hours', 'completed_synergies', 'money_saved', 'revenue_made', 'co2e_kg'] as const;
export type StatsField = (typeof STATS_FIELDS)[number];
export type MonthFigures = Record<StatsField, number>;
export type Period = { month: string } & MonthFigures & { [K in StatsField as `${K}_change_percent`]: number | null };

/** The number of periods the dashboard shows (SPEC §9: company stats padded to 4). */
export const STATS_PERIODS = 4;

/** 'YYYY-MM' of a date, in UTC. */
export function monthKey(d: Date): string {
  return d.toISOString().slice(0, 7);
}

/** The first instant of the UTC month `offset` months after the one holding `d` (negative: before). */
export function monthStart(d: Date, offset = 0): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
}

/** The `n` months ending with the one holding `now`, oldest first: ['2026-08', ..., '2026-11']. */
export function lastMonths(now: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) => monthKey(monthStart(now, i - n + 1)));
}

/**
 * Change in percent from `previous` to `current`, one decimal; null when the month before is 0 (no base to
 * compare with, SPEC leaves "infinite" out).
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const ZERO: MonthFigures = { kgs: 0, hours: 0, completed_synergies: 0, money_saved: 0, revenue_made: 0, co2e_kg: 0 };

/**
 * The periods for the last `n` months ending with `now`'s, oldest first. `byMonth` holds the months that had
 * activity (the month before the oldest too, for its change); a month without figures is zero.
 */
export function buildPeriods(now: Date, byMonth: ReadonlyMap<string, Partial<MonthFigures>>, n = STATS_PERIODS): Period[] {
  const months = lastMonths(now, n + 1);
  const figures = months.map((m) => ({ ...ZERO, ...byMonth.get(m) }));
  return months.slice(1).map((month, i) => {
    const cur = figures[i + 1]!;
    const prev = figures[i]!;
    const changes: Record<string, number | null> = {};
    for (const f of STATS_FIELDS) changes[`${f}_change_percent`] = changePercent(cur[f], prev[f]);
    return { month, ...cur, ...changes } as Period;
  });
}

// ---- the administrators' statistics period (docs/decisions/0073) ----

/** The longest period the statistics screen charts month by month. */
export const ADMIN_STATS_MAX_MONTHS = 60;
/** Without a period the statistics show this many months, ending with the current one. */
export const ADMIN_STATS_DEFAULT_MONTHS = 12;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Every 'YYYY-MM' from the month holding `from` to the month holding `to`, both included, oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  // Only calendar dates: an unchecked '1e99' as a year would loop until memory runs out.
  if (!isIsoDate(from) || !isIsoDate(to)) return out;
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m === 13) [y, m] = [y + 1, 1];
  }
  return out;
}

/**
 * A statistics period as inclusive UTC days: `to` defaults to today, `from` to the first day of the month
 * ADMIN_STATS_DEFAULT_MONTHS - 1 months before `to`'s; with its months and the half-open instant range it covers.
 */
export function resolveStatsPeriod(input: { from?: string; to?: string }, now = new Date()) {
  const to = input.to ?? isoDay(now);
  const from = input.from ?? isoDay(monthStart(new Date(`${to}T00:00:00Z`), -(ADMIN_STATS_DEFAULT_MONTHS - 1)));
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000);
  return { from, to, start, end, months: monthsBetween(from, to) };
}

/** A share in percent with one decimal, or null without a base. */
export function ratePercent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
