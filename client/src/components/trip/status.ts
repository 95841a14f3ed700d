// Trip status colours, icons and labels (SPEC §4: each status has a colour and an icon), shared by the driver
// app, the admin screens and the synergy card's trip block; and the driver statuses and map colours that the
// driver app and the admin trip screens both show.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TripStatus } from '@shared/constants/enums';
import type { TripPhase } from '@shared/machines/trip';
import type { IconName } from '@/components/ui/Icon';

// Each colour is the text on its own 12-18 % tint, so it keeps 4.5:1 (WCAG AA) on the badge and its hover.
export const TRIP_STATUS_META: Record<TripStatus, { color: string; icon: IconName; label: MessageDescriptor }> = {
  ASSIGNED: { color: '#1f5fa8', icon: 'calendar', label: msg`Assigned` },
  ON_ROUTE: { color: '#8f4d00', icon: 'truck', label: msg`On route` },
  ARRIVED: { color: '#6b3fa0', icon: 'pin', label: msg`Arrived` },
  COMPLETED: { color: '#196b3c', icon: 'check', label: msg`Completed` },
  CANCELLED: { color: '#5f6670', icon: 'cancel', label: msg`Cancelled` },
};

/** DELIVERING is ARRIVED with the delivery begun: same colour family, its own label. */
export const PHASE_LABEL: Record<TripPhase, MessageDescriptor> = {
  ASSIGNED: msg`Assigned`,
  ON_ROUTE: msg`On route`,
  ARRIVED: msg`Arrived`,
  DELIVERING: msg`Delivery in progress`,
  COMPLETED: msg`Completed`,
  CANCELLED: msg`Cancelled`,
};

export const DRIVER_STATUS_LABEL = {
  AVAILABLE: msg`Available`,
  BUSY: msg`Busy`,
  OFF_DUTY: msg`Off duty`,
} as const;

/** Map colours: pickup green, drop-off red, the driver blue (legend shown beside the map). */
export const MAP_COLORS = { pickup: '#1e7a46', dropoff: '#b3261e', current: '#1f5fa8', route: '#17707a' } as const;
