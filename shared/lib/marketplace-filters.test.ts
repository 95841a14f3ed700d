import { describe, expect, it } from 'vitest';
import { searchMaterialsInput } from '../schemas/materials';
import { DEFAULT_FILTERS, filtersToSearch, hasActiveFilters, parseFilters, toSearchInput } from './marketplace-filters';

describe('database filters in the query string', () => {
  it('leaves defaults out of the URL and reads them back', () => {
    expect(filtersToSearch(DEFAULT_FILTERS)).toBe('');
    expect(parseFilters('')).toEqual(DEFAULT_FILTERS);
  });

  it('round-trips every filter', () => {
    const f = {
      ...DEFAULT_FILTERS,
      q: 'grain',
      category: 'waste' as const,
      group: 3,
      l1: 4,
      l2: 5,
      l3: 6,
      proximity: '5' as const,
      frequency: 'weekly' as const,
      sort: 'newest' as const,
      page: 2,
      view: 'map' as const,
      own: true,
      company: 7,
    };
    const search = filtersToSearch(f);
    expect(search).toBe('?q=grain&category=waste&group=3&l1=4&l2=5&l3=6&proximity=5&frequency=weekly&sort=newest&page=3&view=map&own=1&company=7');
    expect(parseFilters(search)).toEqual(f);
  });

  it('ignores unknown values and subcategory levels without their parent', () => {
    const f = parseFilters('?category=gold&proximity=7&sort=price&page=-4&l2=5&group=abc&frequency=hourly&company=x');
    expect(f).toEqual(DEFAULT_FILTERS);
    expect(parseFilters('?group=2&l2=9').l2).toBeNull();
  });

  it('builds a search input the shared schema accepts', () => {
    const input = toSearchInput(parseFilters('?q=pallets&category=surplus&proximity=above40&page=2'));
    expect(searchMaterialsInput.parse(input)).toMatchObject({
      q: 'pallets',
      category: ['surplus'],
      proximity: 'above40',
      page: 1,
      size: 12,
      include_own: false,
    });
    expect(toSearchInput(parseFilters('?own=1')).include_own).toBe(true);
    // The link of a bulk upload's digest (server/modules/materials/digests.ts digestLink).
    expect(searchMaterialsInput.parse(toSearchInput(parseFilters('?group=3&proximity=any&sort=newest&company=9')))).toMatchObject({
      company_id: 9,
      material_group_id: 3,
      proximity: 'any',
      sort: 'newest',
    });
  });

  it('knows when filters are active', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, page: 3, view: 'map', sort: 'newest', own: true })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, proximity: 'any' })).toBe(true);
  });
});
