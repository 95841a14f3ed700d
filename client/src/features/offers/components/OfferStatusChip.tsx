// An offer's status as a coloured chip (the offers a company made, and a counter waiting for its answer).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { OfferStatus } from '@shared/constants/enums';

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
