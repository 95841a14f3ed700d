// Quantities and distances in the active language (Intl units, so no catalog entry is needed).
import { numberFormat } from '@/lib/intl';
import { INTL_LOCALES, type Language, type QuantityUnit } from '@shared/constants/enums';

/**
 * "12,000 kg" / "40 hours" / "400 m²" in the active language (Intl units, so no catalog entry is needed; Intl has
 * no square metre, so m² is the SI symbol after the localised number).
 */
export function formatQuantity(lang: Language, quantity: number, unit: QuantityUnit | string): string {
  const locale = INTL_LOCALES[lang];
  if (unit === 'hours') return numberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(quantity);
  if (unit === 'm2') return `${numberFormat(locale).format(quantity)}\u00a0m²`;
  return numberFormat(locale, { style: 'unit', unit: 'kilogram', unitDisplay: 'short' }).format(quantity);
}

/** "3.2 km" / "3,2 km": one decimal under 10 km, whole kilometres beyond. */
export function formatKm(lang: Language, km: number): string {
  return numberFormat(INTL_LOCALES[lang], { style: 'unit', unit: 'kilometer', maximumFractionDigits: km < 10 ? 1 : 0 }).format(km);
}
