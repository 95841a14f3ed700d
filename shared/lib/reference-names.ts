// Names of reference rows in the reader's language (docs/decisions/0240). A material group, subcategory, plan or
// donation tag has its English `name` and, when an administrator typed them, `name_dk` and `name_my`. A reader of
// Danish or Malay sees the typed name, else the product catalog's translation of the English name (0105), else
// the English name. The client and the server's mail apply the same rule with their own catalog lookup.
import type { Language } from '../constants/enums';

/** The languages a name may be typed in besides English, the one required name. */
export const TRANSLATED_LANGUAGES = ['dk', 'my'] as const satisfies readonly Language[];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

export interface NamesByLanguage {
  name: string;
  name_dk?: string | null;
  name_my?: string | null;
}

/** The field holding a row's name in `language` (`name` for English). */
export const nameField = (language: Language) => (language === 'en' ? 'name' : (`name_${language}` as const));

/** What an administrator typed for `language`, or null ('en' is the required name itself). */
export function typedName(row: NamesByLanguage, language: Language): string | null {
  if (language === 'en') return row.name;
  const typed = row[`name_${language}`]?.trim();
  return typed ? typed : null;
}

/** The translation of an English reference name, when the product's catalog has one in that language. */
export type CatalogLookup = (text: string, language: TranslatedLanguage) => string | null | undefined;

/** The name a reader of `language` sees: the typed name, else the catalog's translation, else English. */
export function nameIn(row: NamesByLanguage, language: Language, catalog: CatalogLookup): string {
  if (language === 'en') return row.name;
  return typedName(row, language) ?? catalog(row.name, language) ?? row.name;
}

/** The languages in which the row reads English: nothing typed and no catalog translation. */
export function missingLanguages(row: NamesByLanguage, inCatalog: (text: string) => boolean): TranslatedLanguage[] {
  if (inCatalog(row.name)) return [];
  return TRANSLATED_LANGUAGES.filter((language) => typedName(row, language) === null);
}

/**
 * Typed names by English name, for readers that only have a row's English name (a listing's group, a mail). Rows
 * that share an English name but were given different translations: the later row in `rows` wins, so callers pass
 * them oldest first.
 */
export type TypedNames = ReadonlyMap<string, Readonly<Partial<Record<TranslatedLanguage, string>>>>;

export function typedNamesByEnglish(rows: readonly NamesByLanguage[]): TypedNames {
  const map = new Map<string, Partial<Record<TranslatedLanguage, string>>>();
  for (const row of rows) {
    const entry = { ...map.get(row.name) };
    for (const language of TRANSLATED_LANGUAGES) {
      const typed = typedName(row, language);
      if (typed !== null) entry[language] = typed;
    }
    if (Object.keys(entry).length) map.set(row.name, entry);
  }
  return map;
}

/** The name of the English `text` in `language` when typed names know it. */
export function typedNameOf(names: TypedNames, text: string, language: Language): string | null {
  return language === 'en' ? null : (names.get(text)?.[language] ?? null);
}
