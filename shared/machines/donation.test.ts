import { describe, expect, it } from 'vitest';
import { DONATION_STATUSES, type DonationStatus } from '../constants/enums';
import { DONATION_ACTIONS, donationActions, donationMachine, LISTING_STATUS_OF_DONATION, nextDonationStatus, type DonationAction } from './donation';
import { itFollowsTheTable } from './machine.testing';

describe('donation machine', () => {
  itFollowsTheTable(
    donationMachine,
    {
      pending: { edit: 'pending', approve: 'approved', deny: 'denied', hand_over: null },
      approved: { edit: null, approve: null, deny: null, hand_over: 'handed_over' },
      denied: { edit: 'pending', approve: null, deny: null, hand_over: null },
      handed_over: { edit: null, approve: null, deny: null, hand_over: null },
    },
    nextDonationStatus,
  );

  it('gives each actor its own buttons: the donor edits, administrators decide, the recipient confirms', () => {
    expect(donationActions('pending', 'donor')).toEqual(['edit']);
    expect(donationActions('pending', 'admin')).toEqual(['approve', 'deny']);
    expect(donationActions('pending', 'recipient')).toEqual([]);
    expect(donationActions('denied', 'donor')).toEqual(['edit']);
    expect(donationActions('denied', 'admin')).toEqual([]);
    expect(donationActions('approved', 'donor')).toEqual([]);
    expect(donationActions('approved', 'admin')).toEqual([]);
    expect(donationActions('approved', 'recipient')).toEqual(['hand_over']);
    for (const actor of ['donor', 'admin', 'recipient'] as const) expect(donationActions('handed_over', actor)).toEqual([]);
  });

  it('never reaches a state that is not a donation status, and nothing leaves handed_over', () => {
    for (const from of DONATION_STATUSES) {
      for (const action of DONATION_ACTIONS) {
        const to = nextDonationStatus(from, action);
        if (to !== null) expect(DONATION_STATUSES).toContain(to);
      }
    }
    expect(donationMachine.actionsFrom('handed_over')).toEqual([]);
  });

  it('refuses statuses and actions from outside the table (no prototype keys)', () => {
    expect(nextDonationStatus('constructor' as DonationStatus, 'edit')).toBeNull();
    expect(nextDonationStatus('pending', 'toString' as DonationAction)).toBeNull();
  });

  it('shows a donation in the marketplace only once approved', () => {
    expect(LISTING_STATUS_OF_DONATION).toEqual({ pending: 'deactivated', denied: 'deactivated', approved: 'active', handed_over: 'archived' });
  });
});
