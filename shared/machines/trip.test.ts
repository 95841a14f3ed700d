import { describe, expect, it } from 'vitest';
import { TRIP_STATUSES } from '../constants/enums';
import { itFollowsTheTable } from './machine.testing';
import {
  STATUS_REQUEST_ACTION,
  TRIP_PHASES,
  isActivePhase,
  nextTripPhase,
  routeLeg,
  statusOfPhase,
  tripActions,
  tripMachine,
  tripPhase,
} from './trip';

describe('trip machine, every phase x action', () => {
  itFollowsTheTable(
    tripMachine,
    {
      ASSIGNED: { start: 'ON_ROUTE', arrive: null, startDelivery: null, complete: null, edit: 'ASSIGNED', cancel: 'CANCELLED' },
      ON_ROUTE: { start: null, arrive: 'ARRIVED', startDelivery: null, complete: null, edit: null, cancel: 'CANCELLED' },
      ARRIVED: { start: null, arrive: null, startDelivery: 'DELIVERING', complete: null, edit: null, cancel: 'CANCELLED' },
      DELIVERING: { start: null, arrive: null, startDelivery: null, complete: 'COMPLETED', edit: null, cancel: 'CANCELLED' },
      COMPLETED: { start: null, arrive: null, startDelivery: null, complete: null, edit: null, cancel: null },
      CANCELLED: { start: null, arrive: null, startDelivery: null, complete: null, edit: null, cancel: null },
    },
    nextTripPhase,
  );
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
