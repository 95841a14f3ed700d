// Small pieces of the synergies page: status chips for offers and synergies, a star rating.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { OfferStatus } from '@shared/constants/enums';
import type { Synergy } from '../lib/synergy';

const OFFER_STATUS_LABELS: Record<OfferStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  countered: msg`Countered`,
  accepted: msg`Accepted`,
  rejected: msg`Rejected`,
  withdrawn: msg`Withdrawn`,
};

export function OfferStatusChip({ status }: { status: OfferStatus }) {
  const { i18n } = useLingui();
  return <span className={`status-chip status-chip--offer-${status}`}>{i18n._(OFFER_STATUS_LABELS[status])}</span>;
}

const SYNERGY_STATUS_LABELS: Record<Synergy['status'], MessageDescriptor> = {
  in_progress: msg`In progress`,
  successful: msg`Completed: successful`,
  unsuccessful: msg`Completed: unsuccessful`,
};

export function SynergyStatusChip({ status }: { status: Synergy['status'] }) {
  const { i18n } = useLingui();
  return <span className={`status-chip status-chip--synergy-${status}`}>{i18n._(SYNERGY_STATUS_LABELS[status])}</span>;
}

/** Read-only stars with the number spoken (shared with the public company page). */
export { Stars } from '@/components/ui/Stars';
