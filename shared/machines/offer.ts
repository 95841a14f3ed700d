// Offer states (SPEC §4 "An offer is accepted or rejected"; issue 9): one table for the server's rules and
// the client's buttons. Each action belongs to one side: the offering company or the listing's company.
import { OFFER_STATUSES, type OfferStatus } from '../constants/enums';
import { defineMachine } from './machine';

export const OFFER_ACTIONS = ['edit', 'withdraw', 'accept', 'reject'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];
export type OfferSide = 'offerer' | 'owner';

export const OFFER_ACTION_SIDE: Record<OfferAction, OfferSide> = { edit: 'offerer', withdraw: 'offerer', accept: 'owner', reject: 'owner' };

export const offerMachine = defineMachine(OFFER_STATUSES, OFFER_ACTIONS, {
  pending: { edit: 'pending', withdraw: 'withdrawn', accept: 'accepted', reject: 'rejected' },
  accepted: {},
  rejected: {},
  withdrawn: {},
});

/** The state after `action`, or null when the action is not possible from `from`. */
export function nextOfferStatus(from: OfferStatus, action: OfferAction): OfferStatus | null {
  return offerMachine.next(from, action);
}

/** What one side may do with an offer in this state (the buttons a screen shows). */
export function offerActions(status: OfferStatus, side: OfferSide): OfferAction[] {
  return offerMachine.actionsFrom(status).filter((a) => OFFER_ACTION_SIDE[a] === side);
}
