import { describe, expect, it } from 'vitest';
import { type ListingStatus } from '../constants/enums';
import { listingMachine, type ListingAction } from './listing';
import { itFollowsTheTable } from './machine.testing';

describe('listing status machine', () => {
  itFollowsTheTable(listingMachine, {
    active: { archive: 'archived', deactivate: 'deactivated', reactivate: null },
    deactivated: { archive: 'archived', deactivate: null, reactivate: 'active' },
    archived: { archive: null, deactivate: null, reactivate: 'active' },
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
