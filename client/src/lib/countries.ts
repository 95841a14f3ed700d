// Country names in the active language from the browser's CLDR data (Intl.DisplayNames), so no catalog entry is
// needed; the server's English name is the fallback when the browser has none.
import { INTL_LOCALES, SIGNUP_COUNTRIES, type Language } from '@shared/constants/enums';

const cache = new Map<Language, Intl.DisplayNames | null>();

function displayNames(lang: Language): Intl.DisplayNames | null {
  if (!cache.has(lang)) {
    try {
      cache.set(lang, new Intl.DisplayNames([INTL_LOCALES[lang]], { type: 'region', fallback: 'none' }));
    } catch {
      cache.set(lang, null);
    }
  }
  return cache.get(lang) ?? null;
}

/** "Danmark" for DK in Danish; `fallback` (or the code) when the browser does not know the code. */
export function countryName(lang: Language, code: string, fallback?: string): string {
  return displayNames(lang)?.of(code.toUpperCase()) ?? fallback ?? code;
}

/** The signup countries as one list in the active language ("Greece, Germany, … and Malaysia"). */
export function signupCountryList(lang: Language): string {
  const names = SIGNUP_COUNTRIES.map((c) => countryName(lang, c));
  try {
    return new Intl.ListFormat(INTL_LOCALES[lang], { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
