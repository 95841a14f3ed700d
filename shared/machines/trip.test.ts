import { describe, expect, it } from 'vitest';
import { TRIP_STATUSES } from '../constants/enums';
import {
  STATUS_REQUEST_ACTION,
  TRIP_ACTIONS,
  TRIP_PHASES,
  isActivePhase,
  nextTripPhase,
  routeLeg,
  statusOfPhase,
  tripActions,
  tripPhase,
} from './trip';

describe('trip machine, every phase x action', () => {
  // The whole table, written out: anything missing here is refused.
  const expected: Record<string, string> = {
    'ASSIGNED start': 'ON_ROUTE',
    'ASSIGNED edit': 'ASSIGNED',
    'ASSIGNED cancel': 'CANCELLED',
    'ON_ROUTE arrive': 'ARRIVED',
    'ON_ROUTE cancel': 'CANCELLED',
    'ARRIVED startDelivery': 'DELIVERING',
    'ARRIVED cancel': 'CANCELLED',
    'DELIVERING complete': 'COMPLETED',
    'DELIVERING cancel': 'CANCELLED',
  };
  for (const from of TRIP_PHASES) {
    for (const action of TRIP_ACTIONS) {
      const want = expected[`${from} ${action}`] ?? null;
      it(`${from} + ${action} → ${want ?? 'refused'}`, () => expect(nextTripPhase(from, action)).toBe(want));
    }
  }
});

describe('trip phases', () => {
  it('reads ARRIVED with a delivery start as DELIVERING and stores it as ARRIVED', () => {
    expect(tripPhase('ARRIVED', null)).toBe('ARRIVED');
    expect(tripPhase('ARRIVED', new Date())).toBe('DELIVERING');
    expect(tripPhase('ON_ROUTE', new Date())).toBe('ON_ROUTE');
    expect(statusOfPhase('DELIVERING')).toBe('ARRIVED');
    for (const s of TRIP_STATUSES) expect(statusOfPhase(tripPhase(s, null))).toBe(s);
  });

  it('maps a requested status to its one step; ASSIGNED and CANCELLED are no driver step', () => {
    expect(STATUS_REQUEST_ACTION).toEqual({ ASSIGNED: null, ON_ROUTE: 'start', ARRIVED: 'arrive', COMPLETED: 'complete', CANCELLED: null });
  });

  it('gives the driver one forward step at a time and the administrator edit and cancel', () => {
    expect(tripActions('ASSIGNED', 'driver')).toEqual(['start']);
    expect(tripActions('ON_ROUTE', 'driver')).toEqual(['arrive']);
    expect(tripActions('ARRIVED', 'driver')).toEqual(['startDelivery']);
    expect(tripActions('DELIVERING', 'driver')).toEqual(['complete']);
    expect(tripActions('ASSIGNED', 'admin')).toEqual(['edit', 'cancel']);
    expect(tripActions('DELIVERING', 'admin')).toEqual(['cancel']);
    for (const closed of ['COMPLETED', 'CANCELLED'] as const) {
      expect(tripActions(closed, 'driver')).toEqual([]);
      expect(tripActions(closed, 'admin')).toEqual([]);
    }
  });

  it('counts ON_ROUTE, ARRIVED and DELIVERING as on the way', () => {
    expect(TRIP_PHASES.filter(isActivePhase)).toEqual(['ON_ROUTE', 'ARRIVED', 'DELIVERING']);
  });

  it('routes to the pickup until the truck arrives there, then to the drop-off', () => {
    expect(TRIP_PHASES.map(routeLeg)).toEqual(['pickup', 'pickup', 'dropoff', 'dropoff', null, null]);
  });
});
