import { ilike, or, sql, type Column, type SQL } from 'drizzle-orm';

/** An ILIKE pattern matching `s` anywhere, with LIKE's wildcards and escape character in `s` taken literally. */
export const containsPattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any of the columns contains `s` (ILIKE, `s` taken literally): what a list's search box matches. */
export const anyContains = (s: string, ...columns: Column[]): SQL => or(...columns.map((c) => ilike(c, containsPattern(s))))!;

/**
 * A reference row's name matches the ILIKE pattern `like` in any language: its English name, the names typed in
 * Danish and Malay, or one of `englishNames` (rows whose catalog translation matched, lib/i18n.ts
 * referenceNamesMatching). `alias` names the table in the query, e.g. `f` for `first_level_subcategories f`.
 */
export function nameMatches(alias: string, like: string, englishNames: readonly string[]) {
  const a = sql.raw(alias);
  const names = englishNames.length
    ? sql` or ${a}.name in (${sql.join(
        englishNames.map((n) => sql`${n}`),
        sql`, `,
      )})`
    : sql``;
  return sql`(${a}.name ilike ${like} or ${a}.name_dk ilike ${like} or ${a}.name_my ilike ${like}${names})`;
}
