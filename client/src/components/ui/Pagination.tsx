// Page buttons plus "Showing x–y of N" (N shown as "300+" when the server capped the count, LIMITS.searchCountCap).
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormat } from '@/lib/format';
import { pageRange, pageWindow } from '@/lib/paging';

/** What a paged list call answers (shared/schemas pageOutput); a search that stops counting says so with total_capped. */
export interface PageResult {
  total: number;
  totalPages: number;
  items: readonly unknown[];
  total_capped?: boolean;
}

export function Pagination({ page, size, result, onPage }: { page: number; size: number; result: PageResult; onPage: (page: number) => void }) {
  const { total, totalPages, total_capped: capped } = result;
  const itemsOnPage = result.items.length;
  const { t } = useLingui();
  const fmt = useFormat();
  const { from, to } = pageRange(page, size, itemsOnPage);
  const shownFrom = fmt.number(from);
  const shownTo = fmt.number(to);
  const of = capped ? `${fmt.number(total)}+` : fmt.number(total);
  return (
    <nav className="pagination spread" aria-label={t`Pages`}>
      <p className="pagination__summary" data-testid="pagination-summary">
        <Trans>
          Showing {shownFrom}–{shownTo} of {of}
        </Trans>
      </p>
      {totalPages > 1 ? (
        <ul className="pagination__pages list-row">
          <li>
            <button type="button" className="page-btn" disabled={page === 0} onClick={() => onPage(page - 1)} aria-label={t`Previous page`}>
              ‹
            </button>
          </li>
          {pageWindow(page, totalPages).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={p}>
                <button
                  type="button"
                  className="page-btn"
                  aria-current={p === page ? 'page' : undefined}
                  onClick={() => onPage(p)}
                  aria-label={t`Page ${p + 1}`}
                >
                  {p + 1}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" className="page-btn" disabled={page >= totalPages - 1} onClick={() => onPage(page + 1)} aria-label={t`Next page`}>
              ›
            </button>
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
