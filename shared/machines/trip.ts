// Trip states (SPEC §4 "Trip status", "Driver transitions"): one table for the server's rules and the
// buttons of the driver app and the admin screens. The stored status is one of SPEC's five; "delivery started"
// is ARRIVED with a delivery start time (SPEC leaves the server-side status after start-delivery open,
// docs/decisions/0111), shown here as its own phase so the table can say what each step allows.
import { TRIP_STATUSES, type TripStatus } from '../constants/enums';
import { actionsBy, defineMachine } from './machine';

export const TRIP_PHASES = ['ASSIGNED', 'ON_ROUTE', 'ARRIVED', 'DELIVERING', 'COMPLETED', 'CANCELLED'] as const;
export type TripPhase = (typeof TRIP_PHASES)[number];

/** start: Start Trip to Pickup; arrive: Arrived at Pickup; startDelivery: Begin Delivery; complete: Complete Delivery. */
export const TRIP_ACTIONS = ['start', 'arrive', 'startDelivery', 'complete', 'edit', 'cancel'] as const;
export type TripAction = (typeof TRIP_ACTIONS)[number];

export const tripMachine = defineMachine(TRIP_PHASES, TRIP_ACTIONS, {
  ASSIGNED: { start: 'ON_ROUTE', edit: 'ASSIGNED', cancel: 'CANCELLED' },
  ON_ROUTE: { arrive: 'ARRIVED', cancel: 'CANCELLED' },
  ARRIVED: { startDelivery: 'DELIVERING', cancel: 'CANCELLED' },
  DELIVERING: { complete: 'COMPLETED', cancel: 'CANCELLED' },
  COMPLETED: {},
  CANCELLED: {},
});

/** The phase of a stored trip: ARRIVED with a delivery start is DELIVERING. */
export function tripPhase(status: TripStatus, deliveryStartedAt: Date | string | null | undefined): TripPhase {
  return status === 'ARRIVED' && deliveryStartedAt ? 'DELIVERING' : status;
}

/** The status stored for a phase. */
export function statusOfPhase(phase: TripPhase): TripStatus {
  return phase === 'DELIVERING' ? 'ARRIVED' : phase;
}

export function nextTripPhase(from: TripPhase, action: TripAction): TripPhase | null {
  return tripMachine.next(from, action);
}

/** The driver's `PUT api/driver/trips/{id}/status {status}` names a target status; this is the step it asks for. */
export const STATUS_REQUEST_ACTION: Record<TripStatus, TripAction | null> = {
  ASSIGNED: null,
  ON_ROUTE: 'start',
  ARRIVED: 'arrive',
  COMPLETED: 'complete',
  CANCELLED: null,
};

/**
 * What one side may do with a trip in this phase (the buttons a screen shows): each action is the trip's driver's,
 * or an administrator's (reassign, reschedule, cancel).
 */
export const tripActions = actionsBy(tripMachine, {
  start: 'driver',
  arrive: 'driver',
  startDelivery: 'driver',
  complete: 'driver',
  edit: 'admin',
  cancel: 'admin',
});

/** A trip on the way: its driver may not start another one (docs/decisions/0111). */
export const isActivePhase = (phase: TripPhase) => phase === 'ON_ROUTE' || phase === 'ARRIVED' || phase === 'DELIVERING';
export const isClosedStatus = (status: TripStatus) => status === 'COMPLETED' || status === 'CANCELLED';

/**
 * The leg the driver heads for, which the map draws and names (SPEC §4 "Map routes"): the pickup until the truck
 * arrives there, then the drop-off, already while it loads at the pickup (docs/decisions/0202).
 */
export function routeLeg(phase: TripPhase): 'pickup' | 'dropoff' | null {
  if (phase === 'ASSIGNED' || phase === 'ON_ROUTE') return 'pickup';
  if (phase === 'ARRIVED' || phase === 'DELIVERING') return 'dropoff';
  return null;
}

export const TRIP_STATUS_ORDER: readonly TripStatus[] = TRIP_STATUSES;
