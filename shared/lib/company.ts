// SPEC §5 "Company save", as one pure function both the server (before writing) and the client (before
// showing what will be saved) apply: exactly one primary address, the first flagged one; the phone dropped
// when no calling code is set; empty optional text fields become null.

/** An address as the editor holds it; `id` names an address the company already has. */
export interface SaveAddress {
  id?: number;
  is_primary?: boolean;
}

/** Exactly one primary address: the first one flagged, or the first one when none is (docs/decisions/0062). */
export function withOnePrimary<A extends SaveAddress>(addresses: readonly A[]): (A & { is_primary: boolean })[] {
  const first = addresses.findIndex((a) => a.is_primary === true);
  const primary = first === -1 ? 0 : first;
  return addresses.map((a, i) => ({ ...a, is_primary: i === primary }));
}

/** '' and whitespace read as "no value": null. Other values are trimmed. */
export function emptyToNull(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const v = value.trim();
  return v === '' ? null : v;
}

/** The contact phone only counts with a calling code (SPEC §5): without one it is dropped. */
export function phoneWithCallingCode(contact_phone: string | null, country_calling_code: string | null) {
  const code = emptyToNull(country_calling_code);
  const phone = emptyToNull(contact_phone);
  return { country_calling_code: code, contact_phone: code ? phone : null };
}

/** The optional text fields of a company: saved as null when empty. */
export const COMPANY_OPTIONAL_TEXT = [
  'registered_company_name',
  'business_registration_number',
  'custom_industry',
  'main_business',
  'website_url',
  'company_license_number',
  'company_license_expiry_date',
  'tax_certificate_number',
  'about_info',
  'expectations',
] as const;
export type CompanyOptionalText = (typeof COMPANY_OPTIONAL_TEXT)[number];

/** The text columns of a company's data form and save besides its name and size: the optional texts and these. */
export const COMPANY_DATA_TEXT = ['industry', 'contact_phone', 'country_calling_code', 'preferred_currency', ...COMPANY_OPTIONAL_TEXT] as const;

type TextRecord = { [K in CompanyOptionalText]?: string | null };

/**
 * The company record as it will be stored, from the stored record merged with the change: optional texts
 * null when empty, the phone only with a calling code, the custom industry only for the industry "other".
 */
export function normalizeCompanySave<
  T extends TextRecord & { contact_phone?: string | null; country_calling_code?: string | null; industry?: string | null },
>(record: T): T & { [K in CompanyOptionalText]: string | null } & { contact_phone: string | null; country_calling_code: string | null } {
  const out = { ...record } as T & Record<CompanyOptionalText, string | null> & { contact_phone: string | null; country_calling_code: string | null };
  for (const key of COMPANY_OPTIONAL_TEXT) out[key] = emptyToNull(record[key]);
  Object.assign(out, phoneWithCallingCode(record.contact_phone ?? null, record.country_calling_code ?? null));
  if ((record.industry ?? '').trim().toLowerCase() !== 'other') out.custom_industry = null;
  return out;
}
