// Registration (SPEC §5 "Registration and login"): one schema for the server and the client form.
// The client builds its form with `registrationForm` (adds the password confirmation); the server parses
// `registrationInput` / `bankPartnerRegistrationInput`. The rules live once, in `applyRegistrationRules`.
import freeMailDomains from 'email-providers/all.json' with { type: 'json' };
import { z } from './_zod';
import { COMPANY_SIZES, OTHER_INDUSTRY, REGISTRATION_STATUSES, REGISTRATION_VARIANTS, SIGNUP_COUNTRIES } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { isIsoDate } from '../lib/subscription';
import { m } from '../messages';
import { categoryList, INVALID_EMAIL, REQUIRED, id, language, pageOutput } from './_primitives';
import { reviewedCompanyFields } from './_company';
import { userColumns } from './_user';

export const REGISTRATION_MESSAGES = {
  required: REQUIRED,
  invalidEmail: INVALID_EMAIL,
  publicEmail: m('registration.publicEmail'),
  passwordTooShort: m('auth.passwordTooShort', { min: LIMITS.passwordMin }),
  passwordsDoNotMatch: m('auth.passwordsDoNotMatch'),
  invalidLocation: m('registration.invalidLocation'),
  customIndustryTooShort: m('registration.customIndustryTooShort', { min: LIMITS.customIndustryMin }),
  unsupportedCountry: m('registration.unsupportedCountry', { countries: SIGNUP_COUNTRIES.join(', ') }),
  atLeastOneCategory: m('registration.atLeastOneCategory'),
  feeConsent: m('registration.feeConsent'),
  invalidDate: m('field.invalidDate'),
  invalidUrl: m('field.invalidUrl'),
  invalidPhone: m('registration.invalidPhone'),
  invalidCallingCode: m('registration.invalidCallingCode'),
  invalidCurrency: m('registration.invalidCurrency'),
  invalidChoice: m('field.invalidChoice'),
  unknownCategory: m('registration.unknownCategory'),
} as const;

// Re-exported for the server and the forms; the client's lists import it from the constants, without this module
// (zod and the free-mail domain list, about 70 KB gzip).
export { OTHER_INDUSTRY };

const FREE_MAIL = new Set((freeMailDomains as string[]).map((d) => d.toLowerCase()));

/** True for free-mail providers (the maintained `email-providers` list), their subdomains included. */
export function isPublicEmailDomain(emailAddress: string): boolean {
  const at = emailAddress.lastIndexOf('@');
  const labels = emailAddress
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .split('.');
  for (let i = 0; i < labels.length - 1; i++) if (FREE_MAIL.has(labels.slice(i).join('.'))) return true;
  return false;
}

// No `abort: true` on "required": an explicitly aborted issue would stop the cross-field rules below (their
// `when` is skipped then), and a form must show every problem at once. The first message per field wins.
// `null` and '' read as absent: the client drops empty optional fields, external callers may send null.
const absent = (v: unknown) => (v === null || v === '' ? undefined : v);
const required = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.string().trim().min(1, { error: REQUIRED }).max(max);
const optional = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.preprocess(absent, z.string().trim().max(max).optional());
// Numbers, or numeric strings from a query string; never booleans or arrays (z.coerce would take those).
const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
const coordinate = /* @__NO_SIDE_EFFECTS__ */ (limit: number) =>
  z.preprocess((v) => toNumber(absent(v)), z.number().min(-limit).max(limit).optional());

/** The signup payload (SPEC §3 "Registration request"), as plain fields: extend it freely. */
export const registrationFields = z.object({
  first_name: required(100),
  last_name: optional(100),
  email: required(254)
    .pipe(z.email(INVALID_EMAIL))
    .transform((v) => v.toLowerCase()),
  password: z.string().min(1, { error: REQUIRED }).min(LIMITS.passwordMin, REGISTRATION_MESSAGES.passwordTooShort).max(200),
  designation: optional(100),
  company_name: required(200),
  company_size: z.enum(COMPANY_SIZES, { error: REGISTRATION_MESSAGES.invalidChoice }),
  industry: required(100),
  custom_industry: optional(100),
  country: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(SIGNUP_COUNTRIES, { error: (iss) => (iss.input === undefined ? REQUIRED : REGISTRATION_MESSAGES.unsupportedCountry) }),
  ),
  state: required(100),
  city: required(100),
  address: required(300),
  /** SPEC: '00000' when the address has none. */
  zip_code: required(20),
  latitude: coordinate(90),
  longitude: coordinate(180),
  contact_phone: required(30).regex(/^[0-9 ()+-]{4,30}$/, REGISTRATION_MESSAGES.invalidPhone),
  country_calling_code: z.preprocess(
    absent,
    z
      .string()
      .trim()
      .regex(/^\+\d{1,4}$/, REGISTRATION_MESSAGES.invalidCallingCode)
      .optional(),
  ),
  preferred_currency: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string()
      .min(1, { error: REQUIRED })
      .regex(/^[A-Z]{3}$/, REGISTRATION_MESSAGES.invalidCurrency),
  ),
  company_license_number: optional(100),
  company_license_expiry_date: z.preprocess(absent, z.string().trim().refine(isIsoDate, REGISTRATION_MESSAGES.invalidDate).optional()),
  tax_certificate_number: optional(100),
  materials_interested: categoryList,
  materials_providing: categoryList,
  expectations: required(2000),
  public_email_acknowledged: z.boolean().default(false),
  fee_consent: z.literal(true, { error: REGISTRATION_MESSAGES.feeConsent }),
  /** UI language at signup; mails to the new user use it. */
  language: language.default('en'),
});

/** Bank-partner variant: registered company name and website. */
export const bankPartnerRegistrationFields = registrationFields.extend({
  registered_company_name: optional(200),
  website_url: z.preprocess(
    absent,
    z
      .string()
      .trim()
      .max(300)
      .pipe(z.url({ protocol: /^https?$/, error: REGISTRATION_MESSAGES.invalidUrl }))
      .optional(),
  ),
});

type RuleInput = {
  email: string;
  public_email_acknowledged: boolean;
  industry: string;
  custom_industry?: string;
  latitude?: number;
  longitude?: number;
};

/**
 * The cross-field rules of SPEC §5, added to a registration-shaped schema. They run even when other fields
 * failed (`when`), so a form shows every problem at once; hence the defensive reads of `v`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function applyRegistrationRules<T extends z.ZodType<RuleInput>>(schema: T) {
  // z.superRefine(fn, { when }) as a check: the .superRefine() method takes no params and would skip.
  return schema.check(
    z.superRefine(
      (value: z.output<T>, ctx) => {
        const v = value as Partial<Record<keyof RuleInput, unknown>>;
        if (v.public_email_acknowledged !== true && typeof v.email === 'string' && v.email.includes('@') && isPublicEmailDomain(v.email)) {
          ctx.addIssue({ code: 'custom', path: ['email'], message: REGISTRATION_MESSAGES.publicEmail });
        }
        // Decision (docs/decisions/0016): the custom text is required only when the industry is "other".
        const custom = typeof v.custom_industry === 'string' ? v.custom_industry.trim() : '';
        if (typeof v.industry === 'string' && v.industry.trim().toLowerCase() === OTHER_INDUSTRY && custom.length < LIMITS.customIndustryMin) {
          ctx.addIssue({ code: 'custom', path: ['custom_industry'], message: REGISTRATION_MESSAGES.customIndustryTooShort });
        }
        // An address always comes from the geocoder dropdown or the map, so it carries both coordinates.
        if (typeof v.latitude !== 'number' || typeof v.longitude !== 'number' || Number.isNaN(v.latitude) || Number.isNaN(v.longitude)) {
          ctx.addIssue({ code: 'custom', path: ['address'], message: REGISTRATION_MESSAGES.invalidLocation });
        }
      },
      { when: isObjectPayload },
    ),
  );
}

const isObjectPayload = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

export const registrationInput = applyRegistrationRules(registrationFields);
export type RegistrationInput = z.output<typeof registrationInput>;
export type RegistrationBody = z.input<typeof registrationInput>;

export const bankPartnerRegistrationInput = applyRegistrationRules(bankPartnerRegistrationFields);
export type BankPartnerRegistrationInput = z.output<typeof bankPartnerRegistrationInput>;

const confirm = { confirm_password: z.string().min(1, REQUIRED) };
const passwordsMatch = (v: { password: string; confirm_password: string }) => v.password === v.confirm_password;
// `when`: compare the two entries even while other fields are still empty.
const mismatch = { message: REGISTRATION_MESSAGES.passwordsDoNotMatch, path: ['confirm_password'], when: isObjectPayload };

/** Client forms: the same rules plus the second password entry (only the payload above is sent). */
export const registrationForm = applyRegistrationRules(registrationFields.extend(confirm)).refine(passwordsMatch, mismatch);
export const bankPartnerRegistrationForm = applyRegistrationRules(bankPartnerRegistrationFields.extend(confirm)).refine(passwordsMatch, mismatch);

// ---- Administrator: temporary accounts (registration requests) ----

export const registrationStatus = z.enum(REGISTRATION_STATUSES);

export const temporaryAccountsInput = z
  .object({
    status: registrationStatus.optional(),
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(200).default(50),
  })
  .default({ page: 0, size: 50 });

export const REVIEW_MESSAGES = { reasonRequired: m('registration.reasonRequired') } as const;

export const reviewRegistrationInput = z
  .object({
    id,
    decision: z.enum(['approve', 'reject']),
    subscription_plan_id: z.preprocess(absent, id.optional()),
    reason: z.preprocess(absent, z.string().trim().max(LIMITS.denyReasonMax).optional()),
  })
  .refine((v) => v.decision !== 'reject' || !!v.reason, { message: REVIEW_MESSAGES.reasonRequired, path: ['reason'] });
export type ReviewRegistrationInput = z.input<typeof reviewRegistrationInput>;

const optionalDate = z.preprocess(absent, z.string().trim().refine(isIsoDate, REGISTRATION_MESSAGES.invalidDate).optional());

export const registrationStatsInput = z
  .object({ start_date: optionalDate, end_date: optionalDate })
  .refine((v) => !v.start_date || !v.end_date || v.start_date <= v.end_date, { message: m('subscription.endNotBeforeStart'), path: ['end_date'] })
  .default({});

// ---- Password reset by a one-time link ----

export const resetLinkInput = z.object({ user_id: id });

export const resetPasswordInput = z.object({
  token: z.string().trim().min(1, REQUIRED).max(200),
  username: required(254),
  password: z.string().min(1, { error: REQUIRED }).min(LIMITS.passwordMin, REGISTRATION_MESSAGES.passwordTooShort).max(200),
});
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

export const resetPasswordForm = resetPasswordInput.extend(confirm).refine(passwordsMatch, mismatch);

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** registration.register */
export const registerOutput = z.object({ id: z.number().int(), status: z.literal('pending') });
/** registration.registerBankPartner */
export const registerBankPartnerOutput = registerOutput;
/** How many signup requests are in each state, and in all. */
const requestCounts = { pending: z.number(), rejected: z.number(), accepted: z.number(), total: z.number().int() };
/** registration.admin.stats */
export const adminStatsOutput = z.object({
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  by_status: z.object(requestCounts),
  by_day: z.array(z.object({ ...requestCounts, date: z.string() })),
  by_month: z.array(z.object({ ...requestCounts, month: z.string() })),
});
/** registration.admin.review */
export const adminReviewOutput = z.object({
  id: z.number().int(),
  status: z.enum(REGISTRATION_STATUSES),
  variant: z.enum(REGISTRATION_VARIANTS),
  designation: z.string().nullable(),
  expectations: z.string().nullable(),
  reason: z.string().nullable(),
  subscription_plan_id: z.number().int().nullable(),
  subscription_plan_name: z.string().nullable(),
  reviewed_by_user_id: z.number().int().nullable(),
  reviewed_at: z.date().nullable(),
  created_at: z.date(),
  company: z.object(reviewedCompanyFields),
  user: z.object(userColumns('id', 'first_name', 'last_name', 'email', 'username', 'role', 'language')),
});
/** registration.admin.list */
export const adminListOutput = pageOutput(adminReviewOutput);
