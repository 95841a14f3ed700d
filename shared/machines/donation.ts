// Donation states (SPEC §4 "Donation: pending, then approved (requires approver name) or denied (requires reason)";
// adds the edit of a denied donation and the hand-over): one table for the server's rules and the
// buttons of the manager's donations tab and the administrators' screen.
import { DONATION_STATUSES, type DonationStatus, type ListingStatus } from '../constants/enums';
import { actionsBy, defineMachine } from './machine';

/** edit: the donor's manager saves changes; approve / deny: an administrator; hand_over: the recipient, by the QR code. */
export const DONATION_ACTIONS = ['edit', 'approve', 'deny', 'hand_over'] as const;
export type DonationAction = (typeof DONATION_ACTIONS)[number];

export const donationMachine = defineMachine(DONATION_STATUSES, DONATION_ACTIONS, {
  pending: { edit: 'pending', approve: 'approved', deny: 'denied' },
  approved: { hand_over: 'handed_over' },
  // A denied donation edited goes back to the administrators as pending.
  denied: { edit: 'pending' },
  handed_over: {},
});

/** The state after `action`, or null when the action is not possible from `from`. */
export function nextDonationStatus(from: DonationStatus, action: DonationAction): DonationStatus | null {
  return donationMachine.next(from, action);
}

/** What one kind of actor may do with a donation in this state (the buttons a screen shows), by who takes each action. */
export const donationActions = actionsBy(donationMachine, { edit: 'donor', approve: 'admin', deny: 'admin', hand_over: 'recipient' });

/**
 * A donation is a listing of kind 'donation' (PRODUCT.md); its listing's status follows the donation's, so the
 * marketplace shows a donation only once it is approved (docs/decisions/0090): pending and denied donations are
 * deactivated listings, an approved one is active, a handed-over one archived.
 */
export const LISTING_STATUS_OF_DONATION: Record<DonationStatus, ListingStatus> = {
  pending: 'deactivated',
  denied: 'deactivated',
  approved: 'active',
  handed_over: 'archived',
};
