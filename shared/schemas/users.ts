// Company users (SPEC §3 User, §6 MANAGER, §7 Users) and the own profile (/account/personal-info).
import { z } from './_zod';
import { COMPANY_ROLES } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { REQUIRED, email, id, language, pageInput, queryBoolean } from './_primitives';
import { dataUrlByteLength } from './materials';

export const setLanguageInput = z.object({ language });

/** Which mails the user receives besides in-app notifications; each may be left out to keep it as it is. */
export const emailPreferencesInput = z.object({
  email_notifications_new_listings: z.boolean().optional(),
  email_notifications_activity: z.boolean().optional(),
});

export const USER_MESSAGES = {
  imageTooLarge: m('profile.imageTooLarge', { mb: LIMITS.profileImageBytes / (1024 * 1024) }),
  imageUnreadable: m('profile.imageUnreadable'),
  credentialsRequired: m('user.credentialsRequired'),
  invalidCurrency: m('registration.invalidCurrency'),
  passwordTooShort: m('auth.passwordTooShort', { min: LIMITS.passwordMin }),
  passwordsDoNotMatch: m('auth.passwordsDoNotMatch'),
} as const;

/**
 * A picture (user or company logo): its file name and content as a base64 data-URL, at most 1 MB (SPEC §5
 * "Profile image note says 1 MB"). The server checks the bytes again (magic bytes) before storing it.
 */
export const profileImageInput = z.object({
  name: z.string().trim().min(1, REQUIRED).max(200),
  body: z.string().superRefine((body, ctx) => {
    const bytes = dataUrlByteLength(body);
    if (bytes === null || bytes === 0) ctx.addIssue({ code: 'custom', message: USER_MESSAGES.imageUnreadable });
    else if (bytes > LIMITS.profileImageBytes) ctx.addIssue({ code: 'custom', message: USER_MESSAGES.imageTooLarge });
  }),
});
/** A new picture, `null` to remove the current one, absent to keep it. */
export const imageChange = profileImageInput.nullable().optional();

/** '' and null clear an optional text; absent keeps it. */
export const clearableText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max).nullable().optional());
const requiredName = z.string().trim().min(1, REQUIRED).max(100);
const companyRole = z.enum(COMPANY_ROLES, { error: m('field.invalidChoice') });
export const currency = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string()
    .min(1, { error: REQUIRED })
    .regex(/^[A-Z]{3}$/, USER_MESSAGES.invalidCurrency),
);
const password = z.string().min(1, { error: REQUIRED }).min(LIMITS.passwordMin, USER_MESSAGES.passwordTooShort).max(200);

/** `GET api/users/`: the caller's company's users (managers), paged, by name or email. */
export const listUsersInput = pageInput
  .extend({
    search: z
      .string()
      .trim()
      .max(100)
      .transform((v) => v || undefined)
      .optional(),
    /** SPEC §7 sends the company in the query; it must be the caller's own. */
    company_id: id.optional(),
  })
  .prefault({});

/** `POST api/users/?company_id=`: a manager adds a colleague (SPEC §6: role MANAGER or MEMBER). */
export const createUserFields = z.object({
  first_name: requiredName,
  last_name: clearableText(100),
  email,
  password,
  role: companyRole,
  official_role: clearableText(100),
});
export const createUserInput = createUserFields.extend({ company_id: id.optional() });
export type CreateUserInput = z.input<typeof createUserInput>;

/**
 * `PUT api/users/{id}`: the user's profile. The user edits their own (everything but the role); a manager edits
 * their company's users (names, official role, role). Absent fields stay as they are; '' or null clears an
 * optional one.
 */
export const updateUserFields = z.object({
  first_name: requiredName.optional(),
  last_name: clearableText(100),
  business_email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(254)
      .pipe(z.email(m('field.invalidEmail')))
      .transform((v) => v.toLowerCase())
      .nullable()
      .optional(),
  ),
  official_role: clearableText(100),
  about_info: clearableText(LIMITS.aboutMax),
  role: companyRole.optional(),
  image: imageChange,
  preferred_currency: currency.optional(),
  email_notifications_new_listings: z.boolean().optional(),
  language: language.optional(),
});
export const updateUserInput = updateUserFields.extend({ id });
export type UpdateUserInput = z.input<typeof updateUserInput>;

export const userIdInput = z.object({ id });

/**
 * `PUT api/users/{id}/credentials/ {user, requestMadeByUser}?company_id=`: a manager sets a colleague's login
 * email and/or password, confirming with their own password (docs/decisions/0063).
 */
export const setCredentialsInput = z.object({
  id,
  company_id: id.optional(),
  user: z
    .object({
      email: email.optional(),
      password: password.optional(),
    })
    .refine((u) => u.email !== undefined || u.password !== undefined, { message: USER_MESSAGES.credentialsRequired }),
  requestMadeByUser: z.object({
    /** The acting manager; when given it must be the signed-in user. */
    id: id.optional(),
    password: z.string().min(1, { error: REQUIRED }).max(200),
  }),
});
export type SetCredentialsInput = z.input<typeof setCredentialsInput>;

/** The manager panel's "add a user" form: the payload plus the password typed twice. */
export const createUserForm = createUserFields
  .extend({ confirm_password: z.string().min(1, REQUIRED) })
  .refine((v) => v.password === v.confirm_password, { message: USER_MESSAGES.passwordsDoNotMatch, path: ['confirm_password'] });

/**
 * The manager panel's credentials form: a new email and/or password (typed twice), and the manager's own password.
 * Sent as `{ user: { email?, password? }, requestMadeByUser: { password } }`.
 */
export const setCredentialsForm = z
  .object({
    email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), email.optional()),
    password: z.preprocess((v) => (v === '' ? undefined : v), password.optional()),
    confirm_password: z.string(),
    my_password: z.string().min(1, { error: REQUIRED }).max(200),
  })
  .superRefine((v, ctx) => {
    if (v.email === undefined && v.password === undefined)
      ctx.addIssue({ code: 'custom', path: ['email'], message: USER_MESSAGES.credentialsRequired });
    if ((v.password ?? '') !== v.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: USER_MESSAGES.passwordsDoNotMatch });
    }
  });

// ---- administrators (issue 14 item 1) ----

export const ADMIN_USER_STATUSES = ['active', 'disabled'] as const;

/** `GET admin/users`: every account but removed ones, paged; search by name, email or company. */
export const adminUsersInput = pageInput
  .extend({
    search: z
      .string()
      .trim()
      .max(100)
      .transform((v) => v || undefined)
      .optional(),
    role: z.enum(['MEMBER', 'MANAGER', 'ADMIN']).optional(),
    status: z.enum(ADMIN_USER_STATUSES).optional(),
    company_id: id.optional(),
    donations_dashboard_access: queryBoolean.optional(),
  })
  .prefault({});
export type AdminUsersInput = z.output<typeof adminUsersInput>;

/** `PUT admin/users/{id} {disabled?, role?, donations_dashboard_access?}`. */
export const adminUpdateUserInput = z.object({
  id,
  disabled: z.boolean().optional(),
  role: companyRole.optional(),
  donations_dashboard_access: z.boolean().optional(),
});
export type AdminUpdateUserInput = z.input<typeof adminUpdateUserInput>;
