import { describe, expect, it } from 'vitest';
import { exchangeMachine, nextExchangeLevel } from './exchange';
import { itFollowsTheTable } from './machine.testing';
import { OFFER_MAX_ROUNDS, nextOfferStatus, offerActions, offerMachine } from './offer';

describe('offer machine', () => {
  itFollowsTheTable(
    offerMachine,
    {
      pending: { edit: 'pending', withdraw: 'withdrawn', accept: 'accepted', counter: 'countered', reject: 'rejected' },
      countered: { edit: null, withdraw: 'withdrawn', accept: 'accepted', counter: 'countered', reject: 'rejected' },
      accepted: { edit: null, withdraw: null, accept: null, counter: null, reject: null },
      rejected: { edit: null, withdraw: null, accept: null, counter: null, reject: null },
      withdrawn: { edit: null, withdraw: null, accept: null, counter: null, reject: null },
    },
    nextOfferStatus,
  );
  it('gives the offerer edit and withdraw, the listing company accept, counter and reject, while pending', () => {
    expect(offerActions('pending', 'offerer')).toEqual(['edit', 'withdraw']);
    expect(offerActions('pending', 'owner')).toEqual(['accept', 'counter', 'reject']);
    for (const s of ['accepted', 'rejected', 'withdrawn'] as const) {
      expect(offerActions(s, 'offerer')).toEqual([]);
      expect(offerActions(s, 'owner')).toEqual([]);
    }
  });
  it('hands the turn to the side that did not make the last move', () => {
    expect(offerActions('countered', 'offerer', 'owner', 2)).toEqual(['withdraw', 'accept', 'counter']);
    expect(offerActions('countered', 'owner', 'owner', 2)).toEqual([]);
    expect(offerActions('countered', 'owner', 'offerer', 3)).toEqual(['accept', 'counter', 'reject']);
    expect(offerActions('countered', 'offerer', 'offerer', 3)).toEqual(['withdraw']);
  });
  it('offers no counter once the fifth round is on the table', () => {
    expect(offerActions('countered', 'offerer', 'owner', OFFER_MAX_ROUNDS)).toEqual(['withdraw', 'accept']);
  });
});

describe('synergy machine', () => {
  itFollowsTheTable(
    exchangeMachine,
    {
      IN_PROGRESS: { chat: 'IN_PROGRESS', end: 'COMPLETED', rate: null },
      COMPLETED: { chat: null, end: null, rate: 'COMPLETED' },
    },
    nextExchangeLevel,
  );
});
