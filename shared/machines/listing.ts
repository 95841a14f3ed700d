// A listing's status (SPEC §4 "Offering: active, archived, deactivated, with a re-activate action"). The server
// applies it (server/modules/materials/policy.ts nextStatus), the client offers its buttons from it
// (StatusActions). Deleting is not a transition: the listing is gone.
import { LISTING_STATUSES } from '../constants/enums';
import { defineMachine } from './machine';

export const LISTING_ACTIONS = ['archive', 'deactivate', 'reactivate'] as const;
export type ListingAction = (typeof LISTING_ACTIONS)[number];

export const listingMachine = defineMachine(LISTING_STATUSES, LISTING_ACTIONS, {
  active: { deactivate: 'deactivated', archive: 'archived' },
  deactivated: { reactivate: 'active', archive: 'archived' },
  archived: { reactivate: 'active' },
});
