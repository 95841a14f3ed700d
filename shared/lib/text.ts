// Text that Postgres and every reader can store and show: no NUL or other C0 control characters (tab, line
// feed and carriage return are text) and no lone UTF-16 surrogates. Postgres refuses NUL outright and a lone
// surrogate cannot be encoded as UTF-8, so either would otherwise reach the database as an error (a 500).

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(s: string): boolean {
  return !CONTROL.test(s) && !LONE_SURROGATE.test(s);
}

/**
 * The first path (a.b.0) in a JSON-like value whose string (or object key) is not safe text, or null.
 * Depth is bounded: deeper values are refused by the schemas anyway.
 */
export function findUnsafeText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path.join('.') || '_';
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const key = String(k);
    if (!isSafeText(key)) return [...path, '_'].join('.');
    const hit = findUnsafeText(v, [...path, key], depth + 1);
    if (hit !== null) return hit;
  }
  return null;
}

/** LIKE pattern text with its wildcards escaped (backslash is Postgres's default LIKE escape). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
