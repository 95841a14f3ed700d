// Translated labels and colours for listing enums (SPEC §3), shared by the marketplace and the admin screens.
import type { MessageDescriptor } from '@lingui/core';
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

/** The 17 UN goals (ids 1-17 as the server stores them), official colours; names translated. */
export const SDG_GOALS: { id: number; name: MessageDescriptor; color: string }[] = [
  { id: 1, name: msg`No Poverty`, color: '#E5243B' },
  { id: 2, name: msg`Zero Hunger`, color: '#DDA63A' },
  { id: 3, name: msg`Good Health and Well-being`, color: '#4C9F38' },
  { id: 4, name: msg`Quality Education`, color: '#C5192D' },
  { id: 5, name: msg`Gender Equality`, color: '#FF3A21' },
  { id: 6, name: msg`Clean Water and Sanitation`, color: '#26BDE2' },
  { id: 7, name: msg`Affordable and Clean Energy`, color: '#FCC30B' },
  { id: 8, name: msg`Decent Work and Economic Growth`, color: '#A21942' },
  { id: 9, name: msg`Industry, Innovation and Infrastructure`, color: '#FD6925' },
  { id: 10, name: msg`Reduced Inequalities`, color: '#DD1367' },
  { id: 11, name: msg`Sustainable Cities and Communities`, color: '#FD9D24' },
  { id: 12, name: msg`Responsible Consumption and Production`, color: '#BF8B2E' },
  { id: 13, name: msg`Climate Action`, color: '#3F7E44' },
  { id: 14, name: msg`Life Below Water`, color: '#0A97D9' },
  { id: 15, name: msg`Life on Land`, color: '#56C02B' },
  { id: 16, name: msg`Peace, Justice and Strong Institutions`, color: '#00689D' },
  { id: 17, name: msg`Partnerships for the Goals`, color: '#19486A' },
];
