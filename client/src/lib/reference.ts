// Reference data in the active language: the names the product authored (material groups, subcategories,
// plans; lib/reference-catalog.ts, generated) are translated; official texts such as EWC entry descriptions keep
// their English wording, and isOfficialEnglish tells the caller to mark them lang="en". Names administrators typed
// in Danish or Malay (docs/decisions/0240) win over the catalog: rows carry them, and readers that know a row by its
// English name only (a listing's group, a plan on a subscription) find them through `setTypedNames`.
import type { I18n } from '@lingui/core';
import { nameIn, typedNameOf, typedNamesByEnglish, type NamesByLanguage, type TypedNames } from '@shared/lib/reference-names';
import { isLanguage } from './i18n';
import { REFERENCE_CATALOG } from './reference-catalog';

let typedNames: TypedNames = new Map();

/** Takes the administrators' typed names (`common.typedNames`) and re-renders what reads reference names. */
export function setTypedNames(i18n: I18n, rows: readonly NamesByLanguage[]): void {
  typedNames = typedNamesByEnglish(rows);
  i18n.emit('change');
}

/** True when the product's catalog translates this English name (0105). */
export const inReferenceCatalog = (text: string) => Object.hasOwn(REFERENCE_CATALOG, text);

function catalogText(i18n: I18n, text: string): string | null {
  return inReferenceCatalog(text) ? i18n._(REFERENCE_CATALOG[text]!) : null;
}

/** The translated name, or the text itself when it is not one the product authored or an administrator named. */
export function refText(i18n: I18n, text: string): string;
export function refText(i18n: I18n, text: string | null | undefined): string | null;
export function refText(i18n: I18n, text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const lang = isLanguage(i18n.locale) ? i18n.locale : 'en';
  return typedNameOf(typedNames, text, lang) ?? catalogText(i18n, text) ?? text;
}

/** A row's name in the active language: its typed name, else the catalog's translation, else English. */
export function refName(i18n: I18n, row: NamesByLanguage): string {
  const lang = isLanguage(i18n.locale) ? i18n.locale : 'en';
  return nameIn(row, lang, (text) => catalogText(i18n, text));
}

/** True for a text shown in its official English wording whatever the language (e.g. an EWC entry). */
export function isOfficialEnglish(text: string | null | undefined): boolean {
  return !!text && !inReferenceCatalog(text) && !typedNames.has(text);
}
