// Messages in the reader's language on the server (mail). The catalogs are the client's compiled Lingui
// catalogs, so a message code has one English text (shared/messages.ts) and one translation per language,
// whichever side renders it. Dates and numbers in mail are written the reader's way too (Intl locales en-GB,
// da-DK, ms-MY, as on the client), and reference names the product authored (material groups) are translated.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { INTL_LOCALES, LANGUAGES, type Language } from '../../shared/constants/enums';
import { referenceId } from '../../shared/lib/reference-id';
import {
  nameIn,
  TRANSLATED_LANGUAGES,
  typedNameOf,
  type NamesByLanguage,
  type TranslatedLanguage,
  type TypedNames,
} from '../../shared/lib/reference-names';
import { MESSAGES, type Message, type MessageParams } from '../../shared/messages';
import { messages as dk } from '../../client/src/locales/dk/messages';
import { messages as en } from '../../client/src/locales/en/messages';
import { messages as my } from '../../client/src/locales/my/messages';

const CATALOGS: Record<Language, Messages> = { en, dk, my };
const instances = new Map<Language, I18n>();

function i18nFor(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: CATALOGS[language] } });
    instances.set(language, i18n);
  }
  return i18n;
}

/** A language we know, else English. */
export const languageOf = (language: string): Language => ((LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en');

/** The product catalog's translation of an English reference name, if it has one. */
function catalogText(text: string, lang: TranslatedLanguage): string | null {
  const id = referenceId(text);
  return Object.hasOwn(CATALOGS[lang], id) ? i18nFor(lang)._({ id, message: text }) : null;
}

const NO_TYPED_NAMES: TypedNames = new Map();

/**
 * A reference name (a material group, a plan, a donation tag) known by its English text, in `language`: the name an
 * administrator typed for it (`typed`, from `loadTypedNames`), else the catalog's translation, else as it is.
 */
export function referenceText(language: string, text: string, typed: TypedNames = NO_TYPED_NAMES): string {
  const lang = languageOf(language);
  if (lang === 'en') return text;
  return typedNameOf(typed, text, lang) ?? catalogText(text, lang) ?? text;
}

/** A compiled catalog message as text, when it has no placeholders (reference names have none). */
const plainText = (m: unknown): string | null =>
  typeof m === 'string' ? m : Array.isArray(m) && m.every((p) => typeof p === 'string') ? m.join('') : null;

let translatedReferenceNames: { english: string; translations: string[] }[] | null = null;

/**
 * The English names of the reference rows the product authored whose Danish or Malay translation contains `q`,
 * ignoring case: rows are stored under their English name (their translations are in the catalogs), so a search
 * typed in Danish or Malay finds them through these.
 */
export function referenceNamesMatching(q: string): string[] {
  translatedReferenceNames ??= Object.keys(CATALOGS.en)
    .filter((id) => id.startsWith('ref.'))
    .flatMap((id) => {
      const english = plainText(CATALOGS.en[id]);
      if (!english) return [];
      const translations = TRANSLATED_LANGUAGES.flatMap((lang) => plainText(CATALOGS[lang][id]) ?? []).map((t) => t.toLowerCase());
      return [{ english, translations }];
    });
  const needle = q.trim().toLowerCase();
  if (!needle) return [];
  return translatedReferenceNames.filter((r) => r.translations.some((t) => t.includes(needle))).map((r) => r.english);
}

/** A reference row's name in `language` (docs/decisions/0240). */
export const referenceName = (language: string, row: NamesByLanguage): string => nameIn(row, languageOf(language), catalogText);

const formats = new Map<string, { number: Intl.NumberFormat; day: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();

/** Numbers, calendar days and times (in UTC, as the mails say) written the way a reader of `language` writes them. */
export function mailFormat(language: string) {
  const lang = languageOf(language);
  let f = formats.get(lang);
  if (!f) {
    const locale = INTL_LOCALES[lang];
    f = {
      number: new Intl.NumberFormat(locale),
      day: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
    };
    formats.set(lang, f);
  }
  const { number, day, dateTime } = f;
  return {
    number: (n: number) => number.format(n),
    /** A calendar day, 'YYYY-MM-DD' or a Date (its UTC day). */
    day: (d: string | Date) => day.format(typeof d === 'string' ? new Date(`${d.slice(0, 10)}T00:00:00Z`) : d),
    dateTime: (d: Date) => dateTime.format(d),
  };
}

/** Parameters as the reader reads them: a material group named in a message ("New listing in {group}") in their language. */
function readerParams(lang: Language, params: MessageParams | undefined, typed: TypedNames): MessageParams | undefined {
  if (!params || typeof params.group !== 'string') return params;
  return { ...params, group: referenceText(lang, params.group, typed) };
}

/** The message in `language`; a language we do not know reads English. `typed`: administrators' names (a group). */
export function renderMessage(language: string, message: Message, typed: TypedNames = NO_TYPED_NAMES): string {
  const lang = languageOf(language);
  // The English text stands in for a code a catalog does not have yet (never the bare code).
  return i18nFor(lang)._({ id: message.code, message: MESSAGES[message.code], values: readerParams(lang, message.params, typed) });
}
