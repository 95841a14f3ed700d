// NameFields' starting values: the row's names in each language, or blank ones for a new row (an empty Danish or
// Malay field reads English, so a missing name starts blank, never null).
import type { NamesByLanguage } from '@shared/lib/reference-names';

export function nameDefaults(row: NamesByLanguage | null | undefined) {
  return { name: row?.name ?? '', name_dk: row?.name_dk ?? '', name_my: row?.name_my ?? '' };
}
