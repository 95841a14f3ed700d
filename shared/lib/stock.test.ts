import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableFor, availableQuantity, isFullyReserved, reservesStock, stockRefusal } from './stock';

const s = (quantity: number, reserved_quantity: number) => ({ quantity, reserved_quantity });

describe('availableQuantity and isFullyReserved', () => {
  it('is listed minus reserved', () => {
    expect(availableQuantity(s(10, 0))).toBe(10);
    expect(availableQuantity(s(10, 8))).toBe(2);
    expect(availableQuantity(s(10, 10))).toBe(0);
  });

  it('never goes below 0 for a listing over-committed before reservations existed (two 8 kg offers on 10 kg)', () => {
    expect(availableQuantity(s(10, 16))).toBe(0);
    expect(isFullyReserved(s(10, 16))).toBe(true);
  });

  it('is fully reserved only when something is reserved and nothing is left', () => {
    expect(isFullyReserved(s(10, 10))).toBe(true);
    expect(isFullyReserved(s(10, 9))).toBe(false);
    expect(isFullyReserved(s(0, 0))).toBe(false);
  });

  it('holds for any figures: available + min(reserved, listed) = listed, and available is within [0, listed]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (q, r) => {
        const a = availableQuantity(s(q, r));
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(q);
        expect(a + Math.min(r, q)).toBe(q);
      }),
    );
  });
});

describe('availableFor', () => {
  it('is the smaller of the listing and its sub-listing: a sub-listing is part of the listing', () => {
    // 250 m² listed as a 150 m² and a 100 m² bay; 200 m² of the whole went to one synergy.
    expect(availableFor(s(250, 200), s(150, 0))).toBe(50);
    expect(availableFor(s(250, 100), s(150, 100))).toBe(50);
    expect(availableFor(s(250, 100), s(100, 0))).toBe(100);
    expect(availableFor(s(250, 100))).toBe(150);
  });
});

describe('reservesStock', () => {
  it('counts accepted offers whose synergy runs or ended successfully, and gives back an unsuccessful one', () => {
    expect(reservesStock('accepted', { level_of_completion: 'IN_PROGRESS', successful: null })).toBe(true);
    expect(reservesStock('accepted', { level_of_completion: 'COMPLETED', successful: true })).toBe(true);
    expect(reservesStock('accepted', { level_of_completion: 'COMPLETED', successful: false })).toBe(false);
    expect(reservesStock('accepted', null)).toBe(true);
  });

  it('never counts an offer that was not accepted', () => {
    for (const status of ['pending', 'rejected', 'withdrawn'] as const) {
      expect(reservesStock(status, { level_of_completion: 'IN_PROGRESS', successful: null })).toBe(false);
    }
  });
});

describe('stockRefusal', () => {
  it('lets through what fits, to the last unit', () => {
    expect(stockRefusal(2, s(10, 8))).toBeNull();
    expect(stockRefusal(10, s(10, 0))).toBeNull();
  });

  it('refuses more than listed, and more than is left, with the figure the message names', () => {
    expect(stockRefusal(11, s(10, 0))).toEqual({ reason: 'above_listed', max: 10 });
    expect(stockRefusal(8, s(10, 8))).toEqual({ reason: 'above_available', available: 2 });
    expect(stockRefusal(1, s(10, 10))).toEqual({ reason: 'above_available', available: 0 });
  });

  it('measures an offer on a sub-listing against the sub-listing and the listing', () => {
    expect(stockRefusal(151, s(250, 0), s(150, 0))).toEqual({ reason: 'above_listed', max: 150 });
    expect(stockRefusal(100, s(250, 200), s(150, 0))).toEqual({ reason: 'above_available', available: 50 });
    expect(stockRefusal(50, s(250, 200), s(150, 0))).toBeNull();
  });

  it('never lets two acceptances together exceed what was listed, accepted in any order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 30 }), (listed, asks) => {
        const stock = s(listed, 0);
        for (const q of asks) if (stockRefusal(q, stock) === null) stock.reserved_quantity += q;
        expect(stock.reserved_quantity).toBeLessThanOrEqual(listed);
      }),
    );
  });
});
