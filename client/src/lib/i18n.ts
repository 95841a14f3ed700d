// Lingui setup. UI codes en/dk/my (SPEC); Intl formatting and plural rules use en-GB/da-DK/ms-MY.
import { i18n, type Messages } from '@lingui/core';
import { INTL_LOCALES, LANGUAGES, type Language } from '@shared/constants/enums';
import { messages as enMessages } from '@/locales/en/messages';
import { createStore, useStore } from './store';

const STORAGE_KEY = 'synergy.language';

const loaders: Record<Language, () => Promise<Messages>> = {
  en: async () => enMessages,
  dk: () => import('@/locales/dk/messages').then((m) => m.messages),
  my: () => import('@/locales/my/messages').then((m) => m.messages),
};

/** The `lang` attribute for <html>: BCP 47, not the UI code. */
export const HTML_LANG: Record<Language, string> = { en: 'en', dk: 'da', my: 'ms' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language | null {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return isLanguage(v) ? v : null;
  } catch {
    return null;
  }
}

export const languageStore = createStore<Language>('en');
export const useLanguage = () => useStore(languageStore);

let activation = 0;

/** Loads the catalog and switches the UI; `remember` stores the explicit choice for the next visit. */
export async function activateLanguage(lang: Language, opts: { remember?: boolean } = {}) {
  // Catalogs load asynchronously: when two switches overlap (the user's saved language arriving while they pick
  // another), the later call wins even if its catalog arrives first.
  const mine = ++activation;
  const messages = await loaders[lang]().catch(() => enMessages);
  if (mine !== activation) return;
  i18n.loadAndActivate({ locale: lang, locales: [INTL_LOCALES[lang]], messages });
  document.documentElement.lang = HTML_LANG[lang];
  languageStore.set(lang);
  if (opts.remember) {
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  }
}

export { i18n };
