// The marketplace (SPEC §2 /database): recommendations, search and filters kept in the URL, results as a grid
// of cards or on a map, pages of 12.
import { SearchField, SearchForm } from '@/components/ui/SearchField';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { CATEGORY_COLORS, CATEGORY_LABELS, FREQUENCY_LABELS } from '@/components/listing/labels';
import { preloadResultsMap, ResultsMap } from '@/components/map';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/Card';
import { Checkbox, SelectField } from '@/components/ui/Field';
import { EmptyState, ErrorState } from '@/components/ui/States';
import { to } from '@/config/paths';
import { useConfig } from '@/hooks/useConfig';
import { useRevealAfterPaint } from '@/hooks/useRevealAfterPaint';
import { useLanguage } from '@/lib/i18n';
import { useTRPC } from '@/lib/trpc';
import { FREQUENCIES, LISTING_CATEGORIES, type Proximity } from '@shared/constants/enums';
import { LIMITS } from '@shared/constants/limits';
import { ListingCard, ListingCardSkeleton, type ListItem } from '../components/ListingCard';
import { Pagination } from '@/components/ui/Pagination';
import { Recommendations } from '../components/Recommendations';
import { SavedSearches } from '../components/SavedSearches';
import { MarketTabs } from '@/components/listing/MarketTabs';
import { TaxonomySelects } from '../components/TaxonomySelects';
import { DEFAULT_FILTERS, filtersToSearch, hasActiveFilters, parseFilters, toSearchInput, type Filters } from '../lib/filters';
import { formatKm, formatQuantity } from '../lib/format';
import '../materials.css';
import { Options } from '@/components/ui/Options';

export function DatabasePage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => parseFilters(search), [search]);
  const config = useConfig();

  /** Every change is a history entry (back undoes it); typing in the search box replaces its own entry. */
  const update = (patch: Partial<Filters>, opts: { replace?: boolean; keepPage?: boolean } = {}) => {
    const next = { ...filters, ...patch, page: opts.keepPage ? (patch.page ?? filters.page) : 0 };
    navigate(`/database${filtersToSearch(next)}`, { replace: opts.replace });
  };

  const [q, setQ] = useState(filters.q);
  /** The Map button was pressed on this page: that map starts at once, in view or not. */
  const [mapAsked, setMapAsked] = useState(false);
  // The box follows the URL when it changes from elsewhere (back button, reset): adjusted during render.
  const [urlQ, setUrlQ] = useState(filters.q);
  if (urlQ !== filters.q) {
    setUrlQ(filters.q);
    setQ(filters.q);
  }
  useEffect(() => {
    if (q.trim() === filters.q.trim()) return;
    const timer = setTimeout(() => update({ q }, { replace: true }), 400);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const results = useQuery({ ...trpc.materials.search.queryOptions(toSearchInput(filters)), placeholderData: keepPreviousData });
  const data = results.data;
  // Filtered by company (a digest's link), every item is that company's.
  const companyName = filters.company ? data?.items[0]?.company_name : undefined;
  const proximityOptions: { value: Proximity; label: string }[] = [
    { value: '5', label: t`Within 5 km` },
    { value: '20', label: t`Within 20 km` },
    { value: '40', label: t`Within 40 km` },
    { value: 'above40', label: t`Above 40 km` },
    { value: 'any', label: t`Any distance` },
  ];

  return (
    <>
      <PageHeader
        title={<Trans>Materials database</Trans>}
        description={<Trans>By-products, surplus, waste and knowledge offered by companies near you.</Trans>}
      />
      <MarketTabs current="database" />
      <Recommendations />

      <section className="database" aria-labelledby="results-title">
        <SearchForm className="filters card" label={t`Search listings`} onSearch={() => update({ q })}>
          <div className="filters__search">
            <SearchField id="filter-q" value={q} onChange={setQ} />
            <Button type="submit" variant="primary">
              <Trans>Search</Trans>
            </Button>
          </div>
          <div className="filters__grid">
            <SelectField
              id="filter-category"
              label={t`Category`}
              value={filters.category ?? ''}
              onChange={(e) => update({ category: (e.target.value || null) as Filters['category'] })}
            >
              <Options values={LISTING_CATEGORIES} labels={CATEGORY_LABELS} blank={t`All categories`} />
            </SelectField>
            <SelectField
              id="filter-proximity"
              label={t`Distance`}
              value={filters.proximity}
              onChange={(e) => update({ proximity: e.target.value as Proximity })}
            >
              {proximityOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </SelectField>
            <SelectField
              id="filter-frequency"
              label={t`Frequency`}
              value={filters.frequency ?? ''}
              onChange={(e) => update({ frequency: (e.target.value || null) as Filters['frequency'] })}
            >
              <Options values={FREQUENCIES} labels={FREQUENCY_LABELS} blank={t`Any frequency`} />
            </SelectField>
            <SelectField
              id="filter-sort"
              label={t`Sort by`}
              value={filters.sort}
              onChange={(e) => update({ sort: e.target.value as Filters['sort'] })}
            >
              <option value="distance">{t`Nearest first`}</option>
              <option value="newest">{t`Newest first`}</option>
            </SelectField>
            <TaxonomySelects
              idPrefix="filter"
              value={{ group: filters.group, l1: filters.l1, l2: filters.l2, l3: filters.l3 }}
              onChange={(v) => update(v)}
            />
          </div>
          <div className="filters__footer spread">
            <Checkbox
              id="filter-own"
              label={<Trans>Show my company's listings</Trans>}
              checked={filters.own}
              onChange={(e) => update({ own: e.target.checked })}
              data-testid="show-own"
            />
            {hasActiveFilters(filters) ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => navigate(`/database${filtersToSearch({ ...DEFAULT_FILTERS, view: filters.view, own: filters.own })}`)}
              >
                <Trans>Reset filters</Trans>
              </Button>
            ) : null}
          </div>
        </SearchForm>
        <SavedSearches filters={filters} />

        <div className="results-bar">
          <h2 id="results-title" className="section-title">
            <Trans>Listings</Trans>
          </h2>
          <div className="segmented" role="group" aria-label={t`View`}>
            <button type="button" aria-pressed={filters.view === 'list'} onClick={() => update({ view: 'list' }, { keepPage: true })}>
              <Trans>List</Trans>
            </button>
            <button
              type="button"
              aria-pressed={filters.view === 'map'}
              onClick={() => {
                // Asked for: the map starts at once, its code downloading while its results load. A link straight
                // to the map view starts it when it is scrolled to (it sits below the recommendations).
                preloadResultsMap();
                setMapAsked(true);
                update({ view: 'map' }, { keepPage: true });
              }}
            >
              <Trans>Map</Trans>
            </button>
          </div>
        </div>

        {data && !filters.own && data.own_hidden > 0 ? (
          <div className="own-hidden" role="status" data-testid="own-hidden">
            <p>
              <Plural
                value={data.own_hidden}
                one="# of your company's own listings matches these filters. Your own listings are hidden here."
                other="# of your company's own listings match these filters. Your own listings are hidden here."
              />
            </p>
            <Button variant="secondary" size="sm" onClick={() => update({ own: true })}>
              <Trans>Show my listings</Trans>
            </Button>
          </div>
        ) : null}

        {filters.company ? (
          <div className="own-hidden" role="status" data-testid="company-filter">
            <p>
              {companyName ? (
                <Trans>Only the listings of {companyName} are shown.</Trans>
              ) : (
                <Trans>Only the listings of one company are shown.</Trans>
              )}
            </p>
            <Button variant="secondary" size="sm" onClick={() => update({ company: null })}>
              <Trans>Show all companies</Trans>
            </Button>
          </div>
        ) : null}

        {results.isError && !data ? (
          <ErrorState title={<Trans>Could not load materials</Trans>} onRetry={() => void results.refetch()} />
        ) : results.isLoading || !data ? (
          <div className="listing-grid" role="status" aria-label={t`Loading…`}>
            {Array.from({ length: 6 }, (_, i) => (
              <ListingCardSkeleton key={i} />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <EmptyState
            icon="boxes"
            title={<Trans>No listings match these filters</Trans>}
            action={
              hasActiveFilters(filters) ? (
                <Button
                  variant="secondary"
                  onClick={() => navigate(`/database${filtersToSearch({ ...DEFAULT_FILTERS, view: filters.view, own: filters.own })}`)}
                >
                  <Trans>Reset filters</Trans>
                </Button>
              ) : null
            }
          >
            <p>
              <Trans>Try a wider distance or fewer filters.</Trans>
            </p>
          </EmptyState>
        ) : (
          <div aria-busy={results.isFetching || undefined} className={results.isFetching ? 'is-refreshing' : undefined}>
            {filters.view === 'map' ? (
              <ResultsView items={data.items} styleUrl={config.data?.map_style_url ?? null} opened={mapAsked} />
            ) : (
              <ResultCards items={data.items} />
            )}
            <Pagination
              page={filters.page}
              size={LIMITS.listingPageSize}
              result={data}
              onPage={(page) => {
                update({ page }, { keepPage: true });
                document.getElementById('results-title')?.scrollIntoView({ block: 'start' });
              }}
            />
          </div>
        )}
      </section>
    </>
  );
}

/** Cards in the first paint (a row on a desktop; the results start below the fold on a phone). */
const FIRST_CARDS = 3;

function ResultCards({ items }: { items: ListItem[] }) {
  const shown = useRevealAfterPaint(items, FIRST_CARDS);
  return (
    <div className="listing-grid" data-testid="results">
      {shown.map((item) => (
        <ListingCard key={item.id} item={item} />
      ))}
    </div>
  );
}

function ResultsView({ items, styleUrl, opened }: { items: ListItem[]; styleUrl: string | null; opened: boolean }) {
  const { t } = useLingui();
  const lang = useLanguage();
  const points = useMemo(
    () =>
      items.flatMap((i) =>
        i.latitude !== null && i.longitude !== null ? [{ id: i.id, lat: i.latitude, lng: i.longitude, color: CATEGORY_COLORS[i.category].bg }] : [],
      ),
    [items],
  );
  return (
    <>
      <ResultsMap
        opened={opened}
        points={points}
        styleUrl={styleUrl}
        label={t`Map of the listings on this page`}
        renderPopup={(ids) => (
          <ul className="map-popup">
            {ids.flatMap((id) => {
              const item = items.find((i) => i.id === id);
              if (!item) return [];
              return [
                <li key={id}>
                  <Link href={to.material(item.id)} className="map-popup__title">
                    {item.title}
                  </Link>
                  <p>{item.company_name}</p>
                  <p>
                    {formatQuantity(lang, item.quantity, item.quantity_unit)}
                    {item.distance_km !== null ? ` · ${formatKm(lang, item.distance_km)}` : ''}
                  </p>
                </li>,
              ];
            })}
          </ul>
        )}
      />
      <p className="field__hint">
        <Trans>The map shows the listings on this page. Select a point to see the listing.</Trans>
      </p>
    </>
  );
}
