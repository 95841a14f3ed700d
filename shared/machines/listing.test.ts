import { describe, expect, it } from 'vitest';
import { LISTING_STATUSES, type ListingStatus } from '../constants/enums';
import { LISTING_ACTIONS, listingMachine, type ListingAction } from './listing';

/** Every state × action, written out: null where the action does not apply. */
const EXPECTED: Record<ListingStatus, Record<ListingAction, ListingStatus | null>> = {
  active: { archive: 'archived', deactivate: 'deactivated', reactivate: null },
  deactivated: { archive: 'archived', deactivate: null, reactivate: 'active' },
  archived: { archive: null, deactivate: null, reactivate: 'active' },
};

describe('listing status machine', () => {
  const pairs = LISTING_STATUSES.flatMap((s) => LISTING_ACTIONS.map((a) => [s, a] as const));

  it('covers every status and action (3 × 3)', () => {
    expect(pairs).toHaveLength(9);
    expect(Object.keys(EXPECTED).sort()).toEqual([...LISTING_STATUSES].sort());
  });

  it.each(pairs)('%s + %s', (status, action) => {
    const expected = EXPECTED[status][action];
    expect(listingMachine.next(status, action)).toBe(expected);
    expect(listingMachine.can(status, action)).toBe(expected !== null);
    expect(listingMachine.actionsFrom(status).includes(action)).toBe(expected !== null);
  });

  it("lists each status's actions in the order the screen shows its buttons", () => {
    expect(listingMachine.actionsFrom('active')).toEqual(['deactivate', 'archive']);
    expect(listingMachine.actionsFrom('deactivated')).toEqual(['reactivate', 'archive']);
    expect(listingMachine.actionsFrom('archived')).toEqual(['reactivate']);
  });

  it('refuses values that are not statuses or actions, prototype names included', () => {
    expect(listingMachine.next('deleted' as ListingStatus, 'reactivate')).toBeNull();
    expect(listingMachine.next('active', 'toString' as ListingAction)).toBeNull();
    expect(listingMachine.next('__proto__' as ListingStatus, 'archive')).toBeNull();
    expect(listingMachine.actionsFrom('constructor' as ListingStatus)).toEqual([]);
  });
});
