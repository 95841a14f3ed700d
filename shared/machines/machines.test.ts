import { describe, expect, it } from 'vitest';
import { LEVELS_OF_COMPLETION, OFFER_STATUSES } from '../constants/enums';
import { EXCHANGE_ACTIONS, nextExchangeLevel } from './exchange';
import { OFFER_ACTIONS, nextOfferStatus, offerActions } from './offer';

describe('offer machine', () => {
  const expected: Record<string, string | null> = {
    'pending edit': 'pending',
    'pending withdraw': 'withdrawn',
    'pending accept': 'accepted',
    'pending reject': 'rejected',
  };
  for (const from of OFFER_STATUSES) {
    for (const action of OFFER_ACTIONS) {
      const want = expected[`${from} ${action}`] ?? null;
      it(`${from} + ${action} → ${want ?? 'refused'}`, () => expect(nextOfferStatus(from, action)).toBe(want));
    }
  }
  it('gives the offerer edit and withdraw, the listing company accept and reject, only while pending', () => {
    expect(offerActions('pending', 'offerer')).toEqual(['edit', 'withdraw']);
    expect(offerActions('pending', 'owner')).toEqual(['accept', 'reject']);
    for (const s of ['accepted', 'rejected', 'withdrawn'] as const) {
      expect(offerActions(s, 'offerer')).toEqual([]);
      expect(offerActions(s, 'owner')).toEqual([]);
    }
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
