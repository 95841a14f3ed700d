// Reference data in the active language (issue 11): the names the product authored (material groups, subcategories,
// plans; lib/reference-catalog.ts, generated) are translated; official texts such as EWC entry descriptions keep
// their English wording, and isOfficialEnglish tells the caller to mark them lang="en".
import type { I18n } from '@lingui/core';
import { REFERENCE_CATALOG } from './reference-catalog';

/** The translated name, or the text itself when it is not one the product authored. */
export function refText(i18n: I18n, text: string): string;
export function refText(i18n: I18n, text: string | null | undefined): string | null;
export function refText(i18n: I18n, text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const descriptor = Object.hasOwn(REFERENCE_CATALOG, text) ? REFERENCE_CATALOG[text] : undefined;
  return descriptor ? i18n._(descriptor) : text;
}

/** True for a text shown in its official English wording whatever the language (e.g. an EWC entry). */
export function isOfficialEnglish(text: string | null | undefined): boolean {
  return !!text && !Object.hasOwn(REFERENCE_CATALOG, text);
}
