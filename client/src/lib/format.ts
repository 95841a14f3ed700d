// Dates, numbers and money formatted for the active language (Intl locales en-GB, da-DK, ms-MY).
import { useMemo } from 'react';
import { INTL_LOCALES, type Language } from '@shared/constants/enums';
import { useLanguage } from './i18n';

export function formatters(lang: Language) {
  const locale = INTL_LOCALES[lang];
  const num = new Intl.NumberFormat(locale);
  return {
    locale,
    number: (n: number) => num.format(n),
    compact: (n: number) => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(n),
    /** Money in minor units plus currency code (ARCHITECTURE §2). */
    money: (minor: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100),
    date: (d: Date | string | number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(d)),
    /** A calendar date 'YYYY-MM-DD' (plan dates, onboarding dates): the same day in every time zone. */
    day: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)),
    /** A UTC calendar month 'YYYY-MM' ("Nov 2026", or "November 2026" in the long style). */
    month: (month: string, style: 'short' | 'long' = 'short') =>
      new Intl.DateTimeFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`)),
    /** A percentage given in percent (25 → "25%"), one decimal at most. */
    percent: (n: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(n / 100),
    dateTime: (d: Date | string | number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(d)),
    time: (d: Date | string | number) => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(d)),
    /** A file size in kB below 1 MB, else in MB with one decimal (1 MB = 1024 × 1024 bytes, as the limits count). */
    fileSize: (bytes: number) =>
      bytes < 1024 * 1024
        ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)))
        : new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / (1024 * 1024)),
  };
}

export function useFormat() {
  const lang = useLanguage();
  return useMemo(() => formatters(lang), [lang]);
}
