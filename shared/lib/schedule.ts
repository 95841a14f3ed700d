// When a trip holds its driver and vehicle (docs/decisions/0177): from its scheduled start (event_date and
// start_time, the dispatcher's wall clock) to the start plus its estimated duration. A trip whose duration is
// unknown (or 0) holds only its starting minute, so two such trips clash when they start on the same date and
// time, and one that starts inside another's window clashes with it.

export interface TripSlot {
  event_date: string | null;
  start_time: string | null;
  /** Minutes; null or 0 when unknown. */
  estimated_duration: number | null;
}

const MINUTE_MS = 60_000;

/**
 * The minutes the trip holds, as [start, end) in minutes since 1970 on the wall clock; null when it has no date
 * or time (it cannot be compared, so it clashes with nothing).
 */
export function tripWindow(s: TripSlot): { start: number; end: number } | null {
  if (!s.event_date || !s.start_time) return null;
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.event_date);
  const t = /^(\d{2}):(\d{2})$/.exec(s.start_time);
  if (!d || !t) return null;
  const start = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2])) / MINUTE_MS;
  const minutes = s.estimated_duration && s.estimated_duration > 0 ? Math.ceil(s.estimated_duration) : 0;
  return { start, end: start + Math.max(minutes, 1) };
}

/** Whether two trips want the same driver or vehicle at the same time. */
export function slotsOverlap(a: TripSlot, b: TripSlot): boolean {
  const x = tripWindow(a);
  const y = tripWindow(b);
  if (!x || !y) return false;
  return x.start < y.end && y.start < x.end;
}

/** The wall-clock time ("HH:MM") the trip's estimated duration ends at: its start time when the duration is unknown. */
export function slotEndTime(s: TripSlot): string | null {
  const w = tripWindow(s);
  if (!w) return null;
  const minutes = s.estimated_duration && s.estimated_duration > 0 ? Math.ceil(s.estimated_duration) : 0;
  return new Date((w.start + minutes) * MINUTE_MS).toISOString().slice(11, 16);
}
