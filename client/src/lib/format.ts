// Dates, numbers and money formatted for the active language (Intl locales en-GB, da-DK, ms-MY).
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { INTL_LOCALES, type Language } from '@shared/constants/enums';
import { isLanguage } from './i18n';
import { dateTimeFormat, numberFormat } from './intl';

export function formatters(lang: Language) {
  const locale = INTL_LOCALES[lang];
  return {
    locale,
    number: (n: number) => numberFormat(locale).format(n),
    compact: (n: number) => numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(n),
    /** Money in minor units plus currency code (ARCHITECTURE §2). */
    money: (minor: number, currency: string) => numberFormat(locale, { style: 'currency', currency }).format(minor / 100),
    date: (d: Date | string | number) => dateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(d)),
    /** A calendar date 'YYYY-MM-DD' (plan dates, onboarding dates): the same day in every time zone. */
    day: (iso: string) => dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)),
    /** A UTC calendar month 'YYYY-MM' ("Nov 2026", or "November 2026" in the long style). */
    month: (month: string, style: 'short' | 'long' = 'short') =>
      dateTimeFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`)),
    /** A percentage given in percent (25 → "25%"), one decimal at most. */
    percent: (n: number) => numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(n / 100),
    dateTime: (d: Date | string | number) => dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(d)),
    time: (d: Date | string | number) => dateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(d)),
    /** A file size in kB below 1 MB, else in MB with one decimal (1 MB = 1024 × 1024 bytes, as the limits count). */
    fileSize: (bytes: number) =>
      bytes < 1024 * 1024
        ? numberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)))
        : numberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / (1024 * 1024)),
  };
}

/**
 * The formatters of the language the texts are in: read from Lingui's context, which changes in the same render as
 * every translated text (a language switch renders as a transition, lib/i18n.ts), so dates and numbers never show
 * in the new language while the words are still in the old one.
 */
export function useFormat() {
  const { i18n } = useLingui();
  const lang: Language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  return useMemo(() => formatters(lang), [lang]);
}
