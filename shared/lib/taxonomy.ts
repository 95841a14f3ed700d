// Category codes (docs/decisions/0072). Pure, used by the server's category administration and by the
// client to preview a default code.
//
// Two kinds of code live in the tree:
// - EWC codes (the European List of Waste): digits, "02" chapter, "0201" sub-chapter, "020104" entry. They are a
//   legal classification: they never change, and a node carrying one sits under a parent its code extends.
// - The product's own codes: the group's code, then "-n" for the first level and ".n" below ("K-FIN" → "K-FIN-1" →
//   "K-FIN-1.2" → "K-FIN-1.2.3"; under an EWC parent "0201" → "0201.1"). They follow the tree: a moved node gets
//   its new parent's code plus the next free number, and everything below it the new prefix.
// Either way a child's code starts with its parent's, so the code filter "this code and everything below it"
// (materials/search.ts codePrefixFilter) finds exactly a node's subtree.
import type { TaxonomyLevel } from '../constants/enums';

export const isEwcCode = (code: string) => /^\d{2}(\d{2}(\d{2})?)?$/.test(code);

/** What separates a parent's code from a child's number: "-" right below a group, "." below a subcategory. */
export const childSeparator = (level: TaxonomyLevel) => (level === 1 ? '-' : '.');

/** The prefix a child's own code starts with. */
export const childPrefix = (parentCode: string, level: TaxonomyLevel) => `${parentCode}${childSeparator(level)}`;

/**
 * The default code of a new (or moved) node: its parent's code, the separator, and one more than the highest number
 * already used after that prefix among `taken` (the codes in use at that level, across the whole tree).
 */
export function nextCode(parentCode: string, level: TaxonomyLevel, taken: Iterable<string | null>): string {
  const prefix = childPrefix(parentCode, level);
  let max = 0;
  for (const code of taken) {
    if (!code?.startsWith(prefix)) continue;
    const rest = code.slice(prefix.length);
    if (/^\d+$/.test(rest)) max = Math.max(max, Number(rest));
  }
  return `${prefix}${max + 1}`;
}

/**
 * Whether a code given by an administrator belongs under the parent. A first level is an EWC chapter or starts with
 * the group's code and "-"; lower levels extend an EWC parent by two digits or start with the parent's code and ".".
 * A parent without a code (rows from before codes) takes any code.
 */
export function codeFitsParent(code: string, parentCode: string | null, level: TaxonomyLevel): boolean {
  if (level === 1 && /^\d{2}$/.test(code)) return true;
  if (parentCode === null) return level !== 1;
  if (level !== 1 && isEwcCode(parentCode) && parentCode.length < 6 && new RegExp(`^${parentCode}\\d{2}$`).test(code)) return true;
  const prefix = childPrefix(parentCode, level);
  return code.length > prefix.length && code.startsWith(prefix);
}

/** How an administrator is told what a code here looks like. */
export function expectedPrefix(parentCode: string | null, level: TaxonomyLevel): string {
  if (parentCode === null) return '';
  return childPrefix(parentCode, level);
}

/** An EWC node keeps its code when it moves; any other node is renumbered under its new parent. */
export const moveKeepsCode = (code: string | null) => code !== null && isEwcCode(code);

/** A descendant's code after its ancestor's code changed from `from` to `to` (codes not under `from` stay). */
export function replacePrefix(code: string | null, from: string | null, to: string): string | null {
  if (code === null || from === null) return code;
  return code.startsWith(`${from}.`) ? `${to}${code.slice(from.length)}` : code;
}
