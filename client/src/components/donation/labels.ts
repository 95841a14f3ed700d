// Donation words shared by the donation screens and the administrators' list: states and how quantities read in
// the active language.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DonationStatus } from '@shared/constants/enums';

export const DONATION_STATUS_LABELS: Record<DonationStatus, MessageDescriptor> = {
  pending: msg`Pending approval`,
  approved: msg`Approved`,
  denied: msg`Denied`,
  handed_over: msg`Handed over`,
};

/** Kilograms as the reader's locale writes them (0.5 kg, 1.250,5 kg). */
export function kgText(locale: string, kg: number, digits = 1) {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilogram', maximumFractionDigits: digits }).format(kg);
}

/** Money in major units and its currency (donations send `total_value` in major units). */
export function moneyText(locale: string, value: number, currency: string) {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
}
