// "Did you mean": the known codes closest to a mistyped one (bulk upload), by edit distance on the code without
// spaces, dots and dashes, so "02 07 4", "0207O4" and "k-eng-112" still find 020704 and K-ENG-1.1.2.

const squash = (s: string) => s.toUpperCase().replace(/[\s.\-_]+/g, '');

/** Levenshtein distance with a cap: stops counting once every path is over `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Up to `limit` known codes nearest to `input`: the fewest edits first, then the longest shared start, then code
 * order. Codes more than a third of their length away (at least 2 edits) are not suggested.
 */
export function closestCodes(input: string, codes: readonly string[], limit = 3): string[] {
  const wanted = squash(input);
  if (!wanted) return [];
  const scored: { code: string; d: number; prefix: number }[] = [];
  for (const code of codes) {
    const c = squash(code);
    const max = Math.max(2, Math.floor(c.length / 3));
    const d = editDistance(wanted, c, max);
    if (d > max) continue;
    let prefix = 0;
    while (prefix < c.length && c[prefix] === wanted[prefix]) prefix++;
    scored.push({ code, d, prefix });
  }
  return scored
    .sort((x, y) => x.d - y.d || y.prefix - x.prefix || x.code.localeCompare(y.code))
    .slice(0, limit)
    .map((s) => s.code);
}
