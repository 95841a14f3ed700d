// Company users (SPEC §3 User, §6 MANAGER, §7 Users) and the own profile (/account/personal-info).
import { z } from './_zod';
import { COMPANY_ROLES, COMPANY_STATUSES } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { deletedOutput, email, id, language, pageInput, pageOutput, queryBoolean, REQUIRED, searchText } from './_primitives';
import { dataUrlFile } from './materials';
import { createOutput as invitationOutput } from './invitations';
import { userColumns } from './_user';

export const setLanguageInput = z.object({ language });

/** Which mails the user receives besides in-app notifications; each may be left out to keep it as it is. */
export const emailPreferencesInput = z.object({
  email_notifications_new_listings: z.boolean().optional(),
  email_notifications_activity: z.boolean().optional(),
});

export const USER_MESSAGES = {
  imageTooLarge: m('profile.imageTooLarge', { mb: LIMITS.profileImageBytes / (1024 * 1024) }),
  imageUnreadable: m('profile.imageUnreadable'),
  invalidCurrency: m('registration.invalidCurrency'),
  passwordTooShort: m('auth.passwordTooShort', { min: LIMITS.passwordMin }),
  passwordsDoNotMatch: m('auth.passwordsDoNotMatch'),
} as const;

/**
 * A picture (user or company logo): its file name and content as a base64 data-URL, at most 1 MB (SPEC §5
 * "Profile image note says 1 MB"). The server checks the bytes again (magic bytes) before storing it.
 */
export const profileImageInput = dataUrlFile(LIMITS.profileImageBytes, {
  unreadable: USER_MESSAGES.imageUnreadable,
  tooLarge: USER_MESSAGES.imageTooLarge,
});
/** A new picture, `null` to remove the current one, absent to keep it. */
export const imageChange = profileImageInput.nullable().optional();

/** '' and null clear an optional text; absent keeps it. */
export const clearableText = /* @__NO_SIDE_EFFECTS__ */ (max: number) =>
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

/** `GET api/users/`: the caller's company's users (managers), paged, by name or email. */
export const listUsersInput = pageInput
  .extend({
    search: searchText,
    /** SPEC §7 sends the company in the query; it must be the caller's own. */
    company_id: id.optional(),
  })
  .prefault({});

/**
 * `POST api/users/?company_id=`: a manager invites a colleague as MANAGER or MEMBER (SPEC §6), as POST
 * api/companies/{id}/invitations does: the colleague chooses their own name and password through the mailed link
 * (docs/decisions/0227). A password in the body is refused; names sent by older clients are ignored.
 */
export const createUserInput = z.object({
  email,
  role: companyRole,
  company_id: id.optional(),
  public_email_acknowledged: z.boolean().default(false),
  password: z
    .unknown()
    .optional()
    .refine((v) => v === undefined, m('user.useInvitation')),
});
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
 * email, confirming with their own password (docs/decisions/0063). Only the user sets their password (0227): a
 * password here is refused; an administrator can send a reset link.
 */
export const setCredentialsInput = z.object({
  id,
  company_id: id.optional(),
  user: z.object({
    email,
    password: z
      .unknown()
      .optional()
      .refine((v) => v === undefined, m('user.passwordNotByManager')),
  }),
  requestMadeByUser: z.object({
    /** The acting manager; when given it must be the signed-in user. */
    id: id.optional(),
    password: z.string().min(1, { error: REQUIRED }).max(200),
  }),
});
export type SetCredentialsInput = z.input<typeof setCredentialsInput>;

/** The manager panel's credentials form: a new login email, and the manager's own password. */
export const setCredentialsForm = z.object({
  email,
  my_password: z.string().min(1, { error: REQUIRED }).max(200),
});

// ---- administrators ----

export const ADMIN_USER_STATUSES = ['active', 'disabled'] as const;

/** `GET admin/users`: every account but removed ones, paged; search by name, email or company. */
export const adminUsersInput = pageInput
  .extend({
    search: searchText,
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

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** users.remove */
export const removeOutput = deletedOutput;
/** users.create: the invitation it sends. */
export const createOutput = invitationOutput;
/** A company user as the user lists answer it. */
export const userRowOutput = z.object({
  ...userColumns('image_url', 'disabled', 'last_login_at'),
  created_at: z.string(),
  ...userColumns('id', 'uuid', 'username', 'email', 'business_email', 'first_name', 'last_name', 'official_role', 'role', 'company_id'),
  ...userColumns('donations_dashboard_access'),
});
/** users.list */
export const listOutput = pageOutput(userRowOutput);
/** users.admin.list */
export const adminListOutput = pageOutput(
  userRowOutput.extend({ company: z.object({ id: z.number().int(), name: z.string(), status: z.enum(COMPANY_STATUSES).nullable() }).nullable() }),
);
/** What anyone who may see a user reads on their profile. */
const profileFields = {
  ...userColumns('id', 'uuid', 'first_name', 'last_name', 'official_role', 'role', 'about_info', 'image_url'),
  company: z.object({ id: z.number().int(), name: z.string(), image_url: z.string().nullable() }).nullable(),
  member_since: z.string(),
  former: z.boolean(),
};
/** users.update */
export const updateOutput = z.object({
  private: z.literal(true),
  ...userColumns('username', 'email', 'business_email', 'preferred_currency', 'language', 'email_notifications_new_listings'),
  ...userColumns('donations_dashboard_access', 'disabled', 'last_login_at'),
  account_role: z.string().nullable(),
  ...profileFields,
});
/** users.setCredentials */
export const setCredentialsOutput = updateOutput;
/** users.admin.update */
export const adminUpdateOutput = updateOutput;
/** users.get */
export const getOutput = z.union([z.object({ ...profileFields, disabled: z.boolean(), private: z.literal(false) }), adminUpdateOutput]);
