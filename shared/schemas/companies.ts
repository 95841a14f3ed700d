// Companies: the public list and page, the manager's company save (SPEC §3 Company, §5 "Company save",
// §7 api/companies), and companies as administrators manage them (SPEC §2 admin panel, §7 admin/companies).
import { z } from './_zod';
import { COMPANY_SIZES, COMPANY_STATUSES, SIGNUP_COUNTRIES, SUBSCRIPTION_STATUSES } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { isIsoDate } from '../lib/subscription';
import { m } from '../messages';
import { categoryList, id, idNameOutput, optionalText, pageInput, pageOutput, queryBoolean, REQUIRED } from './_primitives';
import { currentPlanOutput, isoDateString } from './subscriptions';
import { companyColumns } from './_company';
import { userColumns } from './_user';
import { clearableText, currency, imageChange } from './users';

export const COMPANY_MESSAGES = {
  invalidLocation: m('registration.invalidLocation'),
  unsupportedCountry: m('registration.unsupportedCountry', { countries: SIGNUP_COUNTRIES.join(', ') }),
  invalidPhone: m('registration.invalidPhone'),
  invalidCallingCode: m('registration.invalidCallingCode'),
  invalidDate: m('field.invalidDate'),
  invalidUrl: m('field.invalidUrl'),
  invalidChoice: m('field.invalidChoice'),
  atLeastOneCategory: m('registration.atLeastOneCategory'),
  atLeastOneAddress: m('company.atLeastOneAddress'),
  customIndustryTooShort: m('registration.customIndustryTooShort', { min: LIMITS.customIndustryMin }),
} as const;
const C = COMPANY_MESSAGES;

/** `GET api/companies`: approved companies, by part of the name, paged (`{items, total, totalPages, currentPage}`). */
export const listCompaniesInput = pageInput
  .extend({
    search: optionalText(100),
  })
  .prefault({});

export const companyIdInput = z.object({ id });

// Numbers, or numeric strings from a form; '' and null read as absent.
const coordinate = /* @__NO_SIDE_EFFECTS__ */ (limit: number) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' && Number.isFinite(Number(v)) ? Number(v) : v),
    z.number().min(-limit).max(limit).optional(),
  );
const requiredText = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.string().trim().min(1, { error: REQUIRED }).max(max);

/**
 * One of the company's locations. `id` names an address the company has (kept and updated); without it the
 * address is new. Coordinates come from the geocoder dropdown or the map picker, never typed (SPEC §5).
 */
export const companyAddressInput = z
  .object({
    id: id.optional(),
    address: requiredText(300),
    city: requiredText(100),
    state: clearableText(100),
    /** SPEC: '00000' when the address has none. */
    zip_code: requiredText(20),
    country: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(SIGNUP_COUNTRIES, { error: (iss) => (iss.input === undefined || iss.input === '' ? REQUIRED : C.unsupportedCountry) }),
    ),
    latitude: coordinate(90),
    longitude: coordinate(180),
    is_primary: z.boolean().default(false),
  })
  .check(
    z.superRefine(
      (v, ctx) => {
        const a = v as { latitude?: unknown; longitude?: unknown };
        if (typeof a.latitude !== 'number' || typeof a.longitude !== 'number')
          ctx.addIssue({ code: 'custom', path: ['address'], message: C.invalidLocation });
      },
      { when: (p) => typeof p.value === 'object' && p.value !== null },
    ),
  );
export type CompanyAddressInput = z.output<typeof companyAddressInput>;

/**
 * `PUT api/companies/{id}` (the company's managers): absent fields stay as they are; '' or null clears an optional
 * text (SPEC §5: empty optional text becomes null); `addresses`, when given, is the whole list (ids kept, others
 * added, the missing ones removed), with exactly one primary kept: the first flagged (shared/lib/company.ts).
 */
export const updateCompanyFields = z.object({
  name: requiredText(200).optional(),
  registered_company_name: clearableText(200),
  business_registration_number: clearableText(100),
  company_size: z.enum(COMPANY_SIZES, { error: C.invalidChoice }).optional(),
  industry: requiredText(100).optional(),
  custom_industry: clearableText(100),
  main_business: clearableText(300),
  website_url: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(300)
      .pipe(z.url({ protocol: /^https?$/, error: C.invalidUrl }))
      .nullable()
      .optional(),
  ),
  company_license_number: clearableText(100),
  company_license_expiry_date: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().refine(isIsoDate, C.invalidDate).nullable().optional(),
  ),
  tax_certificate_number: clearableText(100),
  contact_phone: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .regex(/^[0-9 ()+-]{4,30}$/, C.invalidPhone)
      .nullable()
      .optional(),
  ),
  country_calling_code: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .regex(/^\+\d{1,4}$/, C.invalidCallingCode)
      .nullable()
      .optional(),
  ),
  about_info: clearableText(LIMITS.aboutMax),
  expectations: clearableText(2000),
  preferred_currency: currency.optional(),
  materials_interested: categoryList.optional(),
  materials_providing: categoryList.optional(),
  addresses: z.array(companyAddressInput).min(1, C.atLeastOneAddress).max(20).optional(),
  /** The logo: a new picture (at most 1 MB, checked by its bytes), null to remove it, absent to keep it. */
  image: imageChange,
});
export const updateCompanyInput = updateCompanyFields.extend({ id });
export type UpdateCompanyInput = z.output<typeof updateCompanyInput>;
export type UpdateCompanyBody = z.input<typeof updateCompanyInput>;

/** The custom industry is needed only for the industry "other" (docs/decisions/0016), at least 2 characters. */
export function customIndustryIssue(v: { industry?: string | null; custom_industry?: string | null }): boolean {
  return (v.industry ?? '').trim().toLowerCase() === 'other' && (v.custom_industry ?? '').trim().length < LIMITS.customIndustryMin;
}
export const CUSTOM_INDUSTRY_MESSAGE = C.customIndustryTooShort;

const subscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

/** Administrators' company list (SPEC §7 GET admin/companies), paged from 0, each company with its plan status. */
export const adminCompaniesInput = pageInput
  .extend({
    /** Part of the trade name, any case. */
    search: optionalText(100),
    is_parent_company: queryBoolean.optional(),
    status: z.enum(COMPANY_STATUSES).optional(),
    /** Only companies whose current plan has one of these statuses ("expired,inactive" or a list). */
    subscription_status: z
      .union([
        z.array(subscriptionStatus),
        z
          .string()
          .transform((v) =>
            v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          )
          .pipe(z.array(subscriptionStatus)),
      ])
      .optional(),
    /** name: A to Z; urgency: the plans that need an administrator first (expired, none, ending soon), then by name. */
    sort: z.enum(['name', 'urgency']).default('name'),
  })
  .prefault({});
export type AdminCompaniesInput = z.input<typeof adminCompaniesInput>;

/** null clears a date; absent leaves it. */
const nullableDate = isoDateString.nullable();

/**
 * `PUT admin/companies/{id}`: the company's data (the fields a manager edits, addresses and
 * logo aside), onboarding and member-since dates, parent company flag, its parent, its portfolio companies (the
 * whole list), the donations dashboard for all its users, and bulk-upload access. Absent leaves as it is.
 */
export const updateCompanyDatesInput = updateCompanyFields
  .omit({ addresses: true, image: true, materials_interested: true, materials_providing: true })
  .extend({
    id,
    onboarding_date: nullableDate.optional(),
    member_since: nullableDate.optional(),
    is_parent_company: z.boolean().optional(),
    /** The group this company belongs to (a parent company), or null for none. */
    parent_company_id: id.nullable().optional(),
    /** A parent company's portfolio: exactly these companies (each then has this company as its parent). */
    portfolio_company_ids: z
      .array(id)
      .max(500)
      .transform((ids) => [...new Set(ids)])
      .optional(),
    /** true: every user of the company may open the donations dashboard; false: none. */
    donations_dashboard_access: z.boolean().optional(),
    /** Bulk upload: true grants it (a pending request included), false withdraws it. */
    bulk_upload_access: z.boolean().optional(),
  });
export type UpdateCompanyDatesInput = z.input<typeof updateCompanyDatesInput>;
export const adminUpdateCompanyInput = updateCompanyDatesInput;
export type AdminUpdateCompanyInput = UpdateCompanyDatesInput;

/** `GET admin/companies/{id}`: one company with everything the administrators' edit dialog shows. */
export const adminCompanyIdInput = z.object({ id });

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** companies.admin.update */
export const adminUpdateOutput = z.object({
  ...companyColumns('id', 'name', 'status', 'onboarding_date', 'member_since', 'is_parent_company', 'parent_company_id'),
  portfolio_company_ids: z.array(z.number()),
});
/** companies.list */
export const listOutput = pageOutput(
  z.object({
    ...companyColumns('image_url', 'id', 'uuid', 'name', 'industry', 'company_size', 'about_info'),
    ...companyColumns('is_parent_company', 'member_since', 'city', 'country'),
  }),
);
/** companies.admin.list */
export const adminListOutput = pageOutput(
  z.object({
    image_url: z.string().nullable(),
    subscription: z.object({
      status: z.enum(SUBSCRIPTION_STATUSES),
      current: currentPlanOutput.nullable(),
    }),
    manager: z.object({ id: z.number().int(), email: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable() }).nullable(),
    ...companyColumns('id', 'uuid', 'name', 'status', 'industry', 'company_size', 'is_parent_company', 'parent_company_id', 'onboarding_date'),
    ...companyColumns('member_since', 'city', 'country'),
    created_at: z.date(),
  }),
);
/** A company's profile as every signed-in company reads it. */
export const companyProfileOutput = z.object({
  ...companyColumns('id', 'uuid', 'name', 'company_size', 'industry', 'custom_industry', 'main_business', 'website_url', 'contact_phone'),
  ...companyColumns('country_calling_code', 'about_info', 'image_url', 'image_name', 'is_parent_company'),
  parent_company: idNameOutput.nullable(),
  ...companyColumns('member_since'),
  created_at: z.string(),
  addresses: z.array(
    z.object({
      id: z.number().int(),
      address: z.string(),
      city: z.string(),
      state: z.string().nullable(),
      zip_code: z.string(),
      country: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      is_primary: z.boolean(),
    }),
  ),
  materials_interested: z.array(idNameOutput),
  materials_providing: z.array(idNameOutput),
  users: z.array(z.object(userColumns('image_url', 'id', 'first_name', 'last_name', 'official_role', 'role'))),
});
/** What only the company itself (and administrators) read: its registration details. */
const companyPrivateFields = {
  ...companyColumns('registered_company_name', 'business_registration_number', 'company_license_number', 'company_license_expiry_date'),
  ...companyColumns('tax_certificate_number', 'expectations', 'preferred_currency', 'is_bank_partner_customer'),
};
/** companies.get: the profile, and the private details for the company's own users (`private: true`). */
export const getOutput = z.union([
  companyProfileOutput.extend({ private: z.literal(false) }),
  companyProfileOutput.extend({
    private: z.literal(true),
    ...companyColumns('status', 'onboarding_date'),
    ...companyPrivateFields,
  }),
]);
/** companies.update */
export const updateOutput = getOutput;
/** companies.admin.get */
/** What administrators read beside the profile: status, onboarding, portfolio, the dashboards' access. */
const companyAdminFields = {
  ...companyColumns('status', 'onboarding_date', 'parent_company_id'),
  portfolio_companies: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.enum(COMPANY_STATUSES) })),
  donations_dashboard: z.object({ users: z.number(), with_access: z.number() }),
  bulk_upload_access: z.enum(['pending', 'none', 'granted']),
};
export const adminGetOutput = z.union([
  companyProfileOutput.extend({ ...companyAdminFields, private: z.literal(false) }),
  companyProfileOutput.extend({ ...companyAdminFields, private: z.literal(true), ...companyPrivateFields }),
]);
