import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { OTHER_INDUSTRY } from '@shared/constants/enums';

/** Industry choices; the stored value is the English key, "other" asks for the company's own words. */
export const INDUSTRIES: { value: string; label: MessageDescriptor }[] = [
  { value: 'agriculture', label: msg`Agriculture and fishing` },
  { value: 'food', label: msg`Food and beverages` },
  { value: 'manufacturing', label: msg`Manufacturing` },
  { value: 'construction', label: msg`Construction` },
  { value: 'chemicals', label: msg`Chemicals and plastics` },
  { value: 'textiles', label: msg`Textiles and fashion` },
  { value: 'electronics', label: msg`Electronics` },
  { value: 'energy', label: msg`Energy and utilities` },
  { value: 'waste_management', label: msg`Waste management and recycling` },
  { value: 'logistics', label: msg`Transport and logistics` },
  { value: 'retail', label: msg`Retail and wholesale` },
  { value: 'hospitality', label: msg`Hotels and restaurants` },
  { value: 'services', label: msg`Professional services` },
  { value: 'technology', label: msg`Information technology` },
  { value: 'public', label: msg`Public sector` },
  { value: OTHER_INDUSTRY, label: msg`Other` },
];

/** An industry as people read it: the label of a known key, the company's own words for "other", else as stored. */
export function industryLabel(i18n: I18n, value: string | null | undefined, custom?: string | null): string {
  if (!value) return '—';
  if (value === OTHER_INDUSTRY) return custom || i18n._(msg`Other`);
  const known = INDUSTRIES.find((i) => i.value === value);
  return known ? i18n._(known.label) : value;
}
