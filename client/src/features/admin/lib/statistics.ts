// The statistics screen's data in one shape: the four admin stats calls joined month by month, the presets of the
// period picker, and the CSV of exactly the figures on screen. Pure.
import { LISTING_CATEGORIES, REGISTRATION_STATUSES } from '@shared/constants/enums';
import { monthStart } from '@shared/lib/stats';
import type { RouterOutputs } from '@/lib/types';
import { toCsv } from '@/lib/csv';

export type ExchangeStats = RouterOutputs['stats']['admin']['exchanges'];
export type MaterialStats = RouterOutputs['materials']['admin']['stats'];
export type ClickStats = RouterOutputs['materials']['admin']['totalClicks'];
export type RegistrationStats = RouterOutputs['registration']['admin']['stats'];

export const PERIOD_PRESETS = ['3m', '6m', '12m', 'thisYear', 'lastYear', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The inclusive UTC days a preset stands for, on `now`'s date. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now = new Date()): { from: string; to: string } {
  const today = isoDay(now);
  const year = now.getUTCFullYear();
  switch (preset) {
    case '3m':
      return { from: isoDay(monthStart(now, -2)), to: today };
    case '6m':
      return { from: isoDay(monthStart(now, -5)), to: today };
    case '12m':
      return { from: isoDay(monthStart(now, -11)), to: today };
    case 'thisYear':
      return { from: `${year}-01-01`, to: today };
    case 'lastYear':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  }
}

export interface MonthRow {
  month: string;
  offers: number;
  synergies_started: number;
  synergies_completed: number;
  successful: number;
  success_rate: number | null;
  kgs: number;
  hours: number;
  co2e_kg: number;
  listings: Record<(typeof LISTING_CATEGORIES)[number], number> & { total: number };
  registrations: Record<(typeof REGISTRATION_STATUSES)[number], number> & { total: number };
  displays: number;
  clicks: number;
  click_through_rate: number | null;
}

/** One row per month of the period (the exchange stats' months); a call still loading leaves its figures at 0. */
export function joinMonths(
  ex: Pick<ExchangeStats, 'months'>,
  materials?: Pick<MaterialStats, 'months'>,
  clicks?: Pick<ClickStats, 'months'>,
  registrations?: Pick<RegistrationStats, 'by_month'>,
): MonthRow[] {
  const listingsBy = new Map(materials?.months.map((m) => [m.month, m]) ?? []);
  const clicksBy = new Map(clicks?.months.map((m) => [m.month, m]) ?? []);
  const regBy = new Map(registrations?.by_month.map((m) => [m.month, m]) ?? []);
  return ex.months.map((m) => {
    const l = listingsBy.get(m.month);
    const c = clicksBy.get(m.month);
    const r = regBy.get(m.month);
    return {
      ...m,
      listings: { ...Object.fromEntries(LISTING_CATEGORIES.map((k) => [k, l?.by_category[k] ?? 0])), total: l?.total ?? 0 } as MonthRow['listings'],
      registrations: { pending: r?.pending ?? 0, accepted: r?.accepted ?? 0, rejected: r?.rejected ?? 0, total: r?.total ?? 0 },
      displays: c?.displays ?? 0,
      clicks: c?.clicks ?? 0,
      click_through_rate: c?.click_through_rate ?? null,
    };
  });
}

/** The CSV download: one row per month, machine-readable English headers, figures as numbers. */
export function statisticsCsv(rows: MonthRow[]): string {
  const header = [
    'month',
    'offers',
    'synergies_started',
    'synergies_completed',
    'synergies_successful',
    'success_rate_percent',
    'kg',
    'knowledge_hours',
    'co2e_kg',
    ...LISTING_CATEGORIES.map((c) => `listings_${c}`),
    'listings_total',
    ...REGISTRATION_STATUSES.map((s) => `registrations_${s}`),
    'registrations_total',
    'recommendation_displays',
    'recommendation_clicks',
    'click_through_rate_percent',
  ];
  return toCsv([
    header,
    ...rows.map((r) => [
      r.month,
      r.offers,
      r.synergies_started,
      r.synergies_completed,
      r.successful,
      r.success_rate,
      r.kgs,
      r.hours,
      r.co2e_kg,
      ...LISTING_CATEGORIES.map((c) => r.listings[c]),
      r.listings.total,
      ...REGISTRATION_STATUSES.map((s) => r.registrations[s]),
      r.registrations.total,
      r.displays,
      r.clicks,
      r.click_through_rate,
    ]),
  ]);
}
