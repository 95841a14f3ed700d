// Offer states (SPEC §4 "An offer is accepted or rejected", with negotiation): one table for the server's rules
// and the client's buttons. The offering company makes the offer (round 1); the listing's company may accept,
// reject or counter; each counter hands the turn to the other side, which may accept it or counter back, up to
// OFFER_MAX_ROUNDS moves in all. Whose turn it is follows from who made the last move.
import { OFFER_STATUSES, type OfferStatus } from '../constants/enums';
import { defineMachine } from './machine';

export const OFFER_ACTIONS = ['edit', 'withdraw', 'accept', 'counter', 'reject'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];
export const OFFER_SIDES = ['offerer', 'owner'] as const;
export type OfferSide = (typeof OFFER_SIDES)[number];

/** The offer itself is round 1; each counter adds one; a counter that would make a sixth is refused (409). */
export const OFFER_MAX_ROUNDS = 5;

/**
 * Who may take an action: one side always, or `turn`: whichever side did not make the last move. Withdrawing is
 * the offerer walking away, possible at any moment while the offer is open; rejecting is the owner's answer on
 * its turn (the offerer's answer on its turn is to withdraw).
 */
export const OFFER_ACTION_SIDE: Record<OfferAction, OfferSide | 'turn'> = {
  edit: 'offerer',
  withdraw: 'offerer',
  accept: 'turn',
  counter: 'turn',
  reject: 'owner',
};

export const offerMachine = defineMachine(OFFER_STATUSES, OFFER_ACTIONS, {
  pending: { edit: 'pending', withdraw: 'withdrawn', accept: 'accepted', counter: 'countered', reject: 'rejected' },
  countered: { withdraw: 'withdrawn', accept: 'accepted', counter: 'countered', reject: 'rejected' },
  accepted: {},
  rejected: {},
  withdrawn: {},
});

/** The state after `action`, or null when the action is not possible from `from`. */
export function nextOfferStatus(from: OfferStatus, action: OfferAction): OfferStatus | null {
  return offerMachine.next(from, action);
}

export const otherSide = (side: OfferSide): OfferSide => (side === 'offerer' ? 'owner' : 'offerer');

/** Whether `side` may take `action` now (not whether the state allows it: see nextOfferStatus). */
export function sideMay(action: OfferAction, side: OfferSide, lastMoveBy: OfferSide): boolean {
  const who = OFFER_ACTION_SIDE[action];
  if (who === 'turn') return side !== lastMoveBy;
  // Rejecting is an answer: only on the owner's turn.
  if (action === 'reject') return side === 'owner' && lastMoveBy === 'offerer';
  return who === side;
}

/** What one side may do with an offer now (the buttons a screen shows), in the table's order. */
export function offerActions(status: OfferStatus, side: OfferSide, lastMoveBy: OfferSide = 'offerer', round = 1): OfferAction[] {
  return offerMachine
    .actionsFrom(status)
    .filter((a) => sideMay(a, side, lastMoveBy))
    .filter((a) => a !== 'counter' || round < OFFER_MAX_ROUNDS);
}
