// The driver app's trip helpers: the delivery panel's numbers and the document checks (pure, unit-tested). What
// it shares with the admin trip screens (driver statuses, map colours, trip statuses) lives in components/trip.
import type { RouterOutputs } from '@/lib/types';

export type DriverTrip = RouterOutputs['driver']['trips']['items'][number];

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
