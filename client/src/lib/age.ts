// The days-ago label (SPEC §9) used by listings and notifications.
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

export type Age = { unit: 'today' } | { unit: 'days' | 'months' | 'years'; n: number };

const DAY_MS = 86_400_000;

/** SPEC §9: Today; up to 30 days in days; up to 365 in months; then years. Counted in whole days. */
export function ageOf(created: Date | string | number, now: number = Date.now()): Age {
  const days = Math.max(0, Math.floor((now - new Date(created).getTime()) / DAY_MS));
  if (days === 0) return { unit: 'today' };
  if (days <= 30) return { unit: 'days', n: days };
  if (days <= 365) return { unit: 'months', n: Math.max(1, Math.floor(days / 30)) };
  return { unit: 'years', n: Math.floor(days / 365) };
}

export function daysAgoLabel(i18n: I18n, created: Date | string | number, now?: number): string {
  const age = ageOf(created, now);
  if (age.unit === 'today') return i18n._(msg`Today`);
  // plural() translates with the app's i18n instance (the one passed in).
  const n = age.n;
  if (age.unit === 'days') return plural(n, { one: '# day ago', other: '# days ago' });
  if (age.unit === 'months') return plural(n, { one: '# month ago', other: '# months ago' });
  return plural(n, { one: '# year ago', other: '# years ago' });
}
