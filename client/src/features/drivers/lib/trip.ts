// What the driver app and the admin screens share about trips: the status labels (kept in components/trip),
// driver statuses, map colours, document checks and the calendar's date arithmetic (pure, unit-tested).
import { msg } from '@lingui/core/macro';
import type { RouterOutputs } from '@/lib/types';

export type DriverTrip = RouterOutputs['driver']['trips']['items'][number];
export type AdminTrip = RouterOutputs['drivers']['admin']['trips']['items'][number];

// The status colours, icons and labels live with the badge (components/trip): the synergy card shows them too.
export { PHASE_LABEL, TRIP_STATUS_META } from '@/components/trip/status';

export const DRIVER_STATUS_LABEL = {
  AVAILABLE: msg`Available`,
  BUSY: msg`Busy`,
  OFF_DUTY: msg`Off duty`,
} as const;

/** Map colours: pickup green, drop-off red, the driver blue (legend shown beside the map). */
export const MAP_COLORS = { pickup: '#1e7a46', dropoff: '#b3261e', current: '#1f5fa8', route: '#17707a' } as const;

// ---- calendar ----

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

// ---- the delivery panel ----

/** SPEC §4: Complete Delivery sends whole minutes and km; the panel shows h:mm:ss and km with two decimals. */
export const wholeMinutesOf = (ms: number) => Math.round(ms / 60_000);
export const kmOneDecimal = (km: number) => Math.round(km * 10) / 10;
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return `${hh}:${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

// ---- documents (SPEC §5: 11 MB each; jpeg, jpg, png, gif, pdf, doc, docx, xls, xlsx) ----

export const DOCUMENT_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'pdf', 'doc', 'docx', 'xls', 'xlsx'] as const;
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Why a picked file is skipped before upload, or null when it may go (the server checks the real content again). */
export function documentProblem(file: { name: string; size: number }, maxBytes: number): 'tooLarge' | 'type' | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return 'type';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}
