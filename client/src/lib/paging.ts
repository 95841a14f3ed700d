// Page-button arithmetic for the Pagination component (0-based pages, as the server pages).

/** "Showing x–y of N" numbers for a page (1-based, inclusive). */
export function pageRange(page: number, size: number, itemsOnPage: number) {
  const from = itemsOnPage === 0 ? 0 : page * size + 1;
  return { from, to: page * size + itemsOnPage };
}

/** Page buttons to show: first, last, and a window around the current page; null marks a gap. */
export function pageWindow(current: number, totalPages: number, radius = 1): (number | null)[] {
  if (totalPages <= 1) return totalPages === 1 ? [0] : [];
  const pages = new Set([0, totalPages - 1]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 0 && p < totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(p - prev === 2 ? prev + 1 : null);
    out.push(p);
  });
  return out;
}
