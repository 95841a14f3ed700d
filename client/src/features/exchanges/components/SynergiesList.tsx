// The synergies tab: the company's numbers (exchanges.stats), then its synergies, filtered by status and
// paged. `?exchange={id}` (notification links) highlights that synergy and scrolls to it; when it is not on
// the page shown, it is pinned above the list.
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { SelectField } from '@/components/ui/Field';
import { Pagination } from '@/components/ui/Pagination';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { useRevealAfterPaint } from '@/hooks/useRevealAfterPaint';
import { useFormat } from '@/lib/format';
import { numberFormat } from '@/lib/intl';
import { useTRPC } from '@/lib/trpc';
import type { LevelOfCompletion } from '@shared/constants/enums';
import type { Synergy } from '../lib/synergy';
import { SynergyCard } from './SynergyCard';

const SIZE = 10;
const FIRST_CARDS = 2;

export function SynergiesList({ highlightId }: { highlightId: number | null }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [status, setStatus] = useState<LevelOfCompletion | ''>('');
  const [page, setPage] = useState(0);
  const list = useQuery({
    ...trpc.exchanges.list.queryOptions({ status: status || undefined, page, size: SIZE }),
    placeholderData: keepPreviousData,
  });
  const target = useQuery({ ...trpc.exchanges.get.queryOptions({ id: highlightId ?? 0 }), enabled: highlightId !== null, retry: false });
  const items = list.data?.items;
  const inList = highlightId !== null && !!items?.some((x) => x.id === highlightId);
  // Pinned only once the page is known not to hold it, so the highlight does not jump from one copy to another.
  const pinned = highlightId !== null && items && !inList && target.data ? target.data : null;

  // The last synergy of a later page left the filter (ended while showing "in progress"): step back a page.
  if (items?.length === 0 && page > 0 && !list.isPlaceholderData) setPage(page - 1);

  // Scroll to the highlighted synergy once, when it first renders.
  const highlightRef = useRef<HTMLElement | null>(null);
  const scrolled = useRef<number | null>(null);
  const shown = inList || !!pinned;
  useEffect(() => {
    if (!shown || highlightId === null || scrolled.current === highlightId || !highlightRef.current) return;
    scrolled.current = highlightId;
    highlightRef.current.scrollIntoView({ block: 'center' });
    highlightRef.current.focus({ preventScroll: true });
  }, [shown, highlightId]);

  return (
    <div className="synergies">
      <SynergyStats />
      <div className="synergies__bar spread spread--bottom">
        <h2 className="exchanges-title">
          <Trans>Your synergies</Trans>
        </h2>
        <SelectField
          label={t`Status`}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as LevelOfCompletion | '');
            setPage(0);
          }}
        >
          <option value="">{t`All synergies`}</option>
          <option value="IN_PROGRESS">{t`In progress`}</option>
          <option value="COMPLETED">{t`Completed`}</option>
        </SelectField>
      </div>

      {highlightId !== null && target.isError ? (
        <p className="synergies__notice" role="status">
          <Trans>The synergy from that link could not be found.</Trans>
        </p>
      ) : null}
      {pinned ? (
        <div className="synergies__pinned">
          <SynergyCard synergy={pinned} highlighted ref={highlightRef} />
        </div>
      ) : null}

      {list.isError && !list.data ? (
        <ErrorState title={<Trans>Could not load synergies</Trans>} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <LoadingState />
      ) : list.data.items.length === 0 && page === 0 ? (
        status ? (
          <EmptyState icon="cycle" title={<Trans>No synergies with this status</Trans>} />
        ) : (
          <EmptyState icon="cycle" title={<Trans>No synergies yet</Trans>}>
            <p>
              <Trans>
                A synergy starts when a company accepts an offer. Each one has a chat, its status and, once it ends, both companies’ ratings.
              </Trans>
            </p>
          </EmptyState>
        )
      ) : (
        <>
          <SynergyCards
            items={list.data.items}
            refreshing={list.isPlaceholderData}
            label={t`Your synergies`}
            highlightId={highlightId}
            highlightRef={highlightRef}
          />
          <Pagination page={page} size={SIZE} result={list.data} onPage={setPage} />
        </>
      )}
    </div>
  );
}

/**
 * A synergy card is tall (figures, trip, ratings): the first ones with the page, the rest once it has painted
 * (decision 0158). A page holding the highlighted synergy renders whole, so the scroll to it finds it.
 */
function SynergyCards({
  items,
  refreshing,
  label,
  highlightId,
  highlightRef,
}: {
  items: readonly Synergy[];
  refreshing: boolean;
  label: string;
  highlightId: number | null;
  highlightRef: RefObject<HTMLElement | null>;
}) {
  const shown = useRevealAfterPaint(items, items.some((x) => x.id === highlightId) ? items.length : FIRST_CARDS);
  return (
    <ul className={['synergy-list card-list', refreshing ? 'is-refreshing' : ''].join(' ')} aria-label={label}>
      {shown.map((x) => (
        <li key={x.id}>
          <SynergyCard synergy={x} highlighted={x.id === highlightId} ref={x.id === highlightId ? highlightRef : undefined} />
        </li>
      ))}
    </ul>
  );
}

function SynergyStats() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const stats = useQuery(trpc.exchanges.stats.queryOptions());
  if (stats.isError) return <ErrorState title={<Trans>Could not load synergy statistics</Trans>} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const one = (n: number) => fmt.number(Math.round(n * 10) / 10);
  const percent = (n: number) => numberFormat(fmt.locale, { style: 'percent', maximumFractionDigits: 1 }).format(n / 100);
  // While loading, the same tiles with a dash: the list below does not move when the figures arrive.
  const tiles: [string, string][] = [
    [t`In progress`, s ? fmt.number(s.in_progress) : '–'],
    [t`Completed`, s ? fmt.number(s.completed) : '–'],
    [t`Successful`, !s ? '–' : s.success_rate === null ? fmt.number(s.successful) : `${fmt.number(s.successful)} (${percent(s.success_rate)})`],
    [t`Kilograms exchanged`, s ? one(s.kg) : '–'],
    [t`Knowledge hours`, s ? one(s.hours) : '–'],
    [t`CO2e avoided (kg)`, s ? one(s.co2e_kg) : '–'],
  ];
  return (
    <section aria-labelledby="synergy-stats" className="synergy-stats">
      <h2 id="synergy-stats" className="visually-hidden">
        <Trans>Synergy statistics</Trans>
      </h2>
      {s ? null : (
        <p className="visually-hidden" role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      <dl className="synergy-stats__grid tiles" data-testid="synergy-stats" aria-busy={!s}>
        {tiles.map(([label, value]) => (
          <div key={label} className="stat-count">
            <dt className="stat-count__label">{label}</dt>
            <dd className="stat-count__value">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
