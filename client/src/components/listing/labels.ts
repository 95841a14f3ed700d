// Translated labels and colours for listing enums (SPEC §3), shared by the marketplace and the admin screens.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Frequency, ListingCategory, ListingKind, ListingStatus } from '@shared/constants/enums';

export const CATEGORY_LABELS: Record<ListingCategory, MessageDescriptor> = {
  'by-product': msg`By-product`,
  surplus: msg`Surplus`,
  waste: msg`Waste`,
  knowledge: msg`Knowledge`,
};

/** Category colours (as on the landing page): placeholders and chip swatches; text on them stays dark or white with AA contrast. */
export const CATEGORY_COLORS: Record<ListingCategory, { bg: string; ink: string; soft: string }> = {
  'by-product': { bg: '#0f5d4a', ink: '#ffffff', soft: '#e1f1e8' },
  surplus: { bg: '#f2c14e', ink: '#132a24', soft: '#fdf3d6' },
  waste: { bg: '#8a5a2b', ink: '#ffffff', soft: '#f5ebe0' },
  knowledge: { bg: '#17707a', ink: '#ffffff', soft: '#e0f0f1' },
};

export const FREQUENCY_LABELS: Record<Frequency, MessageDescriptor> = {
  daily: msg`Daily`,
  weekly: msg`Weekly`,
  monthly: msg`Monthly`,
  'every few months': msg`Every few months`,
  'one-off': msg`One-off`,
};

export const STATUS_LABELS: Record<ListingStatus, MessageDescriptor> = {
  active: msg`Active`,
  archived: msg`Archived`,
  deactivated: msg`Deactivated`,
};

export const KIND_LABELS: Record<ListingKind, MessageDescriptor> = {
  offering: msg`Offering`,
  donation: msg`Donation`,
};

/**
 * Translated names of the 17 UN goals by id (as the server stores them). The list itself, with the official
 * colours, comes from `common.sdgs`; a goal missing here shows the server's English name.
 */
export const SDG_NAMES: Readonly<Record<number, MessageDescriptor>> = {
  1: msg`No Poverty`,
  2: msg`Zero Hunger`,
  3: msg`Good Health and Well-being`,
  4: msg`Quality Education`,
  5: msg`Gender Equality`,
  6: msg`Clean Water and Sanitation`,
  7: msg`Affordable and Clean Energy`,
  8: msg`Decent Work and Economic Growth`,
  9: msg`Industry, Innovation and Infrastructure`,
  10: msg`Reduced Inequalities`,
  11: msg`Sustainable Cities and Communities`,
  12: msg`Responsible Consumption and Production`,
  13: msg`Climate Action`,
  14: msg`Life Below Water`,
  15: msg`Life on Land`,
  16: msg`Peace, Justice and Strong Institutions`,
  17: msg`Partnerships for the Goals`,
};

/** A goal's name in the current language, falling back to the server's name. */
export function sdgName(i18n: I18n, goal: { id: number; name: string }) {
  const known = SDG_NAMES[goal.id];
  return known ? i18n._(known) : goal.name;
}
