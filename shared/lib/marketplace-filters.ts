// The database screen's filters live in the query string (shareable links, back button). Defaults are left
// out of the URL; anything unknown in it is ignored rather than sent to the server. Shared: a saved search stores
// these parameters, and the server reads them back exactly as the page does (its daily mail runs the same search).
import {
  FREQUENCIES,
  LISTING_CATEGORIES,
  PROXIMITIES,
  SEARCH_SORTS,
  type Frequency,
  type ListingCategory,
  type Proximity,
  type SearchSort,
} from '../constants/enums';
import { LIMITS } from '../constants/limits';
// Types only: the schema module (and zod) stays out of the database page's first load.
import type { SearchMaterialsInput } from '../schemas/materials';

export interface Filters {
  q: string;
  category: ListingCategory | null;
  group: number | null;
  l1: number | null;
  l2: number | null;
  l3: number | null;
  proximity: Proximity;
  frequency: Frequency | null;
  sort: SearchSort;
  page: number;
  view: 'list' | 'map';
  /** Show the company's own listings too (left out by default). */
  own: boolean;
  /** Only this company's listings (a bulk upload's digest links here, docs/decisions/0151). */
  company: number | null;
}

export const DEFAULT_FILTERS: Filters = {
  q: '',
  category: null,
  group: null,
  l1: null,
  l2: null,
  l3: null,
  proximity: String(LIMITS.defaultProximityKm) as Proximity,
  frequency: null,
  sort: 'distance',
  page: 0,
  view: 'list',
  own: false,
  company: null,
};

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | null =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : null;
const positiveInt = (v: string | null) => {
  const n = v === null ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function parseFilters(search: string): Filters {
  const p = new URLSearchParams(search);
  const page = Number(p.get('page'));
  const group = positiveInt(p.get('group'));
  const l1 = group ? positiveInt(p.get('l1')) : null;
  const l2 = l1 ? positiveInt(p.get('l2')) : null;
  const l3 = l2 ? positiveInt(p.get('l3')) : null;
  return {
    q: (p.get('q') ?? '').slice(0, 100),
    category: oneOf(LISTING_CATEGORIES, p.get('category')),
    group,
    l1,
    l2,
    l3,
    proximity: oneOf(PROXIMITIES, p.get('proximity')) ?? DEFAULT_FILTERS.proximity,
    frequency: oneOf(FREQUENCIES, p.get('frequency')),
    sort: oneOf(SEARCH_SORTS, p.get('sort')) ?? DEFAULT_FILTERS.sort,
    // The UI counts pages from 1; the server from 0.
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    view: p.get('view') === 'map' ? 'map' : 'list',
    own: p.get('own') === '1',
    company: positiveInt(p.get('company')),
  };
}

export function filtersToSearch(f: Filters): string {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.category) p.set('category', f.category);
  if (f.group) p.set('group', String(f.group));
  if (f.group && f.l1) p.set('l1', String(f.l1));
  if (f.group && f.l1 && f.l2) p.set('l2', String(f.l2));
  if (f.group && f.l1 && f.l2 && f.l3) p.set('l3', String(f.l3));
  if (f.proximity !== DEFAULT_FILTERS.proximity) p.set('proximity', f.proximity);
  if (f.frequency) p.set('frequency', f.frequency);
  if (f.sort !== DEFAULT_FILTERS.sort) p.set('sort', f.sort);
  if (f.page > 0) p.set('page', String(f.page + 1));
  if (f.view !== 'list') p.set('view', f.view);
  if (f.own) p.set('own', '1');
  if (f.company) p.set('company', String(f.company));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** materials.search input for the filters (the view is not a filter). */
export function toSearchInput(f: Filters): SearchMaterialsInput {
  return {
    q: f.q.trim() || undefined,
    category: f.category ? [f.category] : undefined,
    frequency: f.frequency ? [f.frequency] : undefined,
    material_group_id: f.group ?? undefined,
    first_level_subcategory_id: f.l1 ?? undefined,
    second_level_subcategory_id: f.l2 ?? undefined,
    third_level_subcategory_id: f.l3 ?? undefined,
    proximity: f.proximity,
    sort: f.sort,
    page: f.page,
    size: LIMITS.listingPageSize,
    kind: 'offering',
    include_own: f.own,
    company_id: f.company ?? undefined,
  };
}

/** True when any filter differs from the defaults (the empty state then offers to reset them). */
export function hasActiveFilters(f: Filters): boolean {
  return filtersToSearch({ ...f, page: 0, view: 'list', sort: DEFAULT_FILTERS.sort, own: false }) !== '';
}

/** The parameters a saved search keeps: the filters without the page and the view (`?` left out). */
export function savedSearchParams(f: Filters): Record<string, string> {
  const q = filtersToSearch({ ...f, page: 0, view: 'list' });
  return Object.fromEntries(new URLSearchParams(q));
}
