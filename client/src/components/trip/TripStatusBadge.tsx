import { useLingui } from '@lingui/react/macro';
import type { TripStatus } from '@shared/constants/enums';
import type { TripPhase } from '@shared/machines/trip';
import { Icon } from '@/components/ui/Icon';
import { PHASE_LABEL, TRIP_STATUS_META } from './status';
import './trip.css';

/** A trip's status with its colour and icon (SPEC §4); the phase names a delivery in progress. */
export function TripStatusBadge({ status, phase, compact }: { status: TripStatus; phase?: TripPhase; compact?: boolean }) {
  const { i18n } = useLingui();
  const meta = TRIP_STATUS_META[status];
  const label = i18n._(phase ? PHASE_LABEL[phase] : meta.label);
  return (
    <span
      className={['trip-status', compact ? 'trip-status--compact' : ''].join(' ')}
      style={{ '--trip-color': meta.color } as React.CSSProperties}
      data-status={status}
      data-testid="trip-status"
    >
      <Icon name={meta.icon} size={compact ? 14 : 16} />
      <span>{label}</span>
    </span>
  );
}
