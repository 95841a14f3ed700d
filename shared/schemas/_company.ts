// A company's columns as the answers show them, in one place for every answer that carries a company: the
// company's own answers (schemas/companies) and the signup review (schemas/registration). It imports no schema
// module but the primitives: companies reaches registration through users and invitations, and registration
// carries the free-mail domain list that the client's company pages must not load.
import { z } from './_zod';
import { COMPANY_STATUSES } from '../constants/enums';
import { pickFields } from './_primitives';

/** The company as an administrator reviews its signup: names, trade, contacts, papers, dates and primary address. */
export const reviewedCompanyFields = {
  id: z.number().int(),
  name: z.string(),
  registered_company_name: z.string().nullable(),
  status: z.enum(COMPANY_STATUSES),
  company_size: z.string().nullable(),
  industry: z.string().nullable(),
  custom_industry: z.string().nullable(),
  website_url: z.string().nullable(),
  contact_phone: z.string().nullable(),
  country_calling_code: z.string().nullable(),
  preferred_currency: z.string().nullable(),
  company_license_number: z.string().nullable(),
  company_license_expiry_date: z.string().nullable(),
  tax_certificate_number: z.string().nullable(),
  is_bank_partner_customer: z.boolean(),
  onboarding_date: z.string().nullable(),
  member_since: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
};

const companyFields = {
  ...reviewedCompanyFields,
  uuid: z.string(),
  business_registration_number: z.string().nullable(),
  main_business: z.string().nullable(),
  about_info: z.string().nullable(),
  expectations: z.string().nullable(),
  is_parent_company: z.boolean(),
  parent_company_id: z.number().int().nullable(),
  image_url: z.string().nullable(),
  image_name: z.string().nullable(),
};
type CompanyFields = typeof companyFields;

/** The named columns of a company, in the order named. */
export function companyColumns<K extends keyof CompanyFields>(...keys: K[]): Pick<CompanyFields, K> {
  return pickFields(companyFields, keys);
}
