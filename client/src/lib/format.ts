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
    money: (minor: number, currency: string) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100),
    date: (d: Date | string | number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(d)),
    /** A calendar date 'YYYY-MM-DD' (plan dates, onboarding dates): the same day in every time zone. */
    day: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)),
    dateTime: (d: Date | string | number) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(d)),
  };
}

export function useFormat() {
  const lang = useLanguage();
  return useMemo(() => formatters(lang), [lang]);
}
