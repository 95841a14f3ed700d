// The trip calendar's date arithmetic (/admin/trips, and the schedule form's default date): pure, unit-tested.
import type { RouterOutputs } from '@/lib/types';

export type AdminTrip = RouterOutputs['drivers']['admin']['trips']['items'][number];

const DAY_MS = 86_400_000;
/** A calendar date as 'YYYY-MM-DD', counted in UTC so a day is the same everywhere. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const parseDay = (iso: string) => new Date(`${iso}T00:00:00Z`);
export const addDays = (iso: string, days: number) => isoDay(new Date(parseDay(iso).getTime() + days * DAY_MS));
/** Monday of the week the day falls in (ISO weeks start on Monday). */
export const mondayOf = (iso: string) => addDays(iso, -((parseDay(iso).getUTCDay() + 6) % 7));
export const todayIso = (now = new Date()) => isoDay(new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())));

export type CalendarView = 'week' | 'month';

/** The days a view shows: a week Monday to Sunday, or the whole weeks that cover the month (at most 6 x 7). */
export function calendarRange(view: CalendarView, anchor: string): { from: string; to: string; days: string[]; month: number } {
  const month = parseDay(anchor).getUTCMonth();
  let from: string;
  let to: string;
  if (view === 'week') {
    from = mondayOf(anchor);
    to = addDays(from, 6);
  } else {
    const first = `${anchor.slice(0, 7)}-01`;
    const d = parseDay(first);
    const last = isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));
    from = mondayOf(first);
    to = addDays(mondayOf(last), 6);
  }
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return { from, to, days, month };
}

/** The anchor one view-step before or after (a week, or a month kept on the 1st). */
export function shiftAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  if (view === 'week') return addDays(anchor, 7 * step);
  const d = parseDay(anchor);
  return isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + step, 1)));
}

/** Trips by their day, each day's in start-time order. */
export function tripsByDay<T extends { calendar_event: { event_date: string | null; start_time: string | null } }>(trips: readonly T[]) {
  const out = new Map<string, T[]>();
  for (const t of trips) {
    const day = t.calendar_event.event_date;
    if (!day) continue;
    out.set(day, [...(out.get(day) ?? []), t]);
  }
  for (const list of out.values()) list.sort((a, b) => (a.calendar_event.start_time ?? '').localeCompare(b.calendar_event.start_time ?? ''));
  return out;
}
