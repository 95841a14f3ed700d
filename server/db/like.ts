/** An ILIKE pattern matching `s` anywhere, with LIKE's wildcards and escape character in `s` taken literally. */
export const containsPattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
