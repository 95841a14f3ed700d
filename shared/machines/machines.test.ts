import { describe, expect, it } from 'vitest';
import { LEVELS_OF_COMPLETION, OFFER_STATUSES } from '../constants/enums';
import { EXCHANGE_ACTIONS, nextExchangeLevel } from './exchange';
import { OFFER_ACTIONS, OFFER_MAX_ROUNDS, nextOfferStatus, offerActions } from './offer';

describe('offer machine', () => {
  const expected: Record<string, string | null> = {
    'pending edit': 'pending',
    'pending withdraw': 'withdrawn',
    'pending accept': 'accepted',
    'pending counter': 'countered',
    'pending reject': 'rejected',
    'countered withdraw': 'withdrawn',
    'countered accept': 'accepted',
    'countered counter': 'countered',
    'countered reject': 'rejected',
  };
  for (const from of OFFER_STATUSES) {
    for (const action of OFFER_ACTIONS) {
      const want = expected[`${from} ${action}`] ?? null;
      it(`${from} + ${action} → ${want ?? 'refused'}`, () => expect(nextOfferStatus(from, action)).toBe(want));
    }
  }
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
  const expected: Record<string, string | null> = {
    'IN_PROGRESS chat': 'IN_PROGRESS',
    'IN_PROGRESS end': 'COMPLETED',
    'COMPLETED rate': 'COMPLETED',
  };
  for (const from of LEVELS_OF_COMPLETION) {
    for (const action of EXCHANGE_ACTIONS) {
      const want = expected[`${from} ${action}`] ?? null;
      it(`${from} + ${action} → ${want ?? 'refused'}`, () => expect(nextExchangeLevel(from, action)).toBe(want));
    }
  }
});
