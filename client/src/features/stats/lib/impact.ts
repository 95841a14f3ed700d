// Pure helpers of the impact screens: month names and how a change against the month before reads.
import type { RouterOutputs } from '@/lib/types';

export type CompanyStats = RouterOutputs['stats']['company'];
export type StatsPeriod = CompanyStats['periods'][number];
export type ImpactRecords = RouterOutputs['stats']['records'];
export type ImpactRecord = ImpactRecords['items'][number];

/** 'YYYY-MM' as the reader says it ("Nov 2026"); the month is a UTC calendar month. */
export function monthLabel(locale: string, month: string, style: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

export type Change = { kind: 'up' | 'down' | 'same'; percent: number } | { kind: 'new' } | { kind: 'none' };

/** up/down/same with the percent; `new` when the month before had nothing to compare with; `none` when both are 0. */
export function changeOf(current: number, percent: number | null): Change {
  if (percent === null) return current > 0 ? { kind: 'new' } : { kind: 'none' };
  if (percent > 0) return { kind: 'up', percent };
  if (percent < 0) return { kind: 'down', percent: -percent };
  return { kind: 'same', percent: 0 };
}

/** 'YYYY-MM-DD' of a date in UTC (the periods and the export are in UTC days). */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
