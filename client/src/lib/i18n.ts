// Lingui setup. UI codes en/dk/my (SPEC); Intl formatting and plural rules use en-GB/da-DK/ms-MY.
import { i18n, type Messages } from '@lingui/core';
import { startTransition } from 'react';
import { INTL_LOCALES, LANGUAGES, type Language } from '@shared/constants/enums';
import { catalogParts } from 'virtual:catalog-parts';
import { createStore, useStore } from './store';

const STORAGE_KEY = 'synergy.language';

// The catalogs come in parts (client/catalog-parts.ts): `common` (shell, shared components, server message
// codes) before the first render, a feature's part together with the feature's first page (loadCatalogPart).
// Every part is its own chunk, English `common` too: a Danish visitor does not download the English one.
const COMMON = 'common';
const loadedParts = new Set<string>([COMMON]);

function loadPart(lang: Language, part: string): Promise<Messages> {
  const load = catalogParts[lang]?.[part];
  return load ? load() : Promise.resolve({});
}

async function loadParts(lang: Language, parts: Iterable<string>): Promise<Messages> {
  const loaded = await Promise.all([...parts].map((part) => loadPart(lang, part)));
  return Object.assign({}, ...loaded) as Messages;
}

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
  // An explicit choice is stored at once, so a saved language arriving while its catalog loads defers to it.
  if (opts.remember) {
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  }
  const wanted = new Set(loadedParts);
  const messages = await loadParts(lang, wanted).catch(() => loadParts('en', wanted).catch(() => ({})));
  // A part loaded meanwhile (a page opened during the switch) in this language too.
  for (const part of loadedParts) if (!wanted.has(part)) Object.assign(messages, await loadPart(lang, part).catch(() => ({})));
  if (mine !== activation) return;
  // Lingui's provider re-renders every translated component on a change: as a transition, which React splits into
  // short slices, instead of one task that blocks taps (decision 0260). The catalog itself is in place at once.
  startTransition(() => i18n.loadAndActivate({ locale: lang, locales: [INTL_LOCALES[lang]], messages }));
  document.documentElement.lang = HTML_LANG[lang];
  languageStore.set(lang);
}

/**
 * Loads a feature's messages in the active language (pages call it alongside their chunk, app/pages.ts); once
 * loaded, a part follows every language switch. Rejects when the part's chunk fails, so the page's
 * ChunkBoundary offers "Try again".
 */
export async function loadCatalogPart(part: string): Promise<void> {
  if (loadedParts.has(part)) return;
  const lang = languageStore.get();
  const messages = await loadPart(lang, part);
  // A part adds messages for what is about to mount; what is shown re-renders as a transition (see activateLanguage).
  startTransition(() => i18n.load(lang, messages));
  loadedParts.add(part);
  // The language changed meanwhile: its catalog lacks this part until it is loaded in that language too.
  const now = languageStore.get();
  if (now !== lang) {
    const more = await loadPart(now, part);
    startTransition(() => i18n.load(now, more));
  }
}

export { i18n };
