import { useLingui } from '@lingui/react/macro';
import type { DonationStatus } from '@shared/constants/enums';
import '@/components/listing/listing.css';
import { DONATION_STATUS_LABELS } from './labels';
import './donation.css';

export function DonationStatusChip({ status }: { status: DonationStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={`tag tag--status tag--${status}`} data-testid="donation-status" data-status={status}>
      {i18n._(DONATION_STATUS_LABELS[status])}
    </span>
  );
}
