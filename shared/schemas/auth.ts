// Auth inputs shared by the tRPC procedures, the REST adapters and the client forms.
// Messages are codes (shared/messages.ts); the client renders them in the reader's language.
import { z } from './_zod';
import { DRIVER_STATUSES } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { userColumns } from './_user';

export const AUTH_MESSAGES = {
  required: m('field.required'),
  invalidEmail: m('field.invalidEmail'),
  invalidPhone: m('auth.invalidDriverPhone'),
  passwordTooShort: m('auth.passwordTooShort', { min: LIMITS.passwordMin }),
  passwordsDoNotMatch: m('auth.passwordsDoNotMatch'),
} as const;

// abort: an empty field reports only 'required', not also the format error.
const required = /* @__NO_SIDE_EFFECTS__ */ () => z.string().trim().min(1, { error: AUTH_MESSAGES.required, abort: true });

/** SPEC §5: strip spaces, hyphens and plus signs, then 8 to 15 digits. */
export function normalizeDriverPhone(phone: string): string {
  return phone.replace(/[\s+-]/g, '');
}
const DRIVER_PHONE_RE = new RegExp(`^\\d{${LIMITS.driverPhoneDigitsMin},${LIMITS.driverPhoneDigitsMax}}$`);
export function isValidDriverPhone(phone: string): boolean {
  return DRIVER_PHONE_RE.test(normalizeDriverPhone(phone));
}

/** Username or email (the server accepts either) and password. */
// Caps keep a megabyte "password" from costing a megabyte of hashing.
const PASSWORD_MAX = 200;

export const loginInput = z.object({
  username: required().max(254),
  password: z.string().min(1, AUTH_MESSAGES.required).max(PASSWORD_MAX),
  remember_me: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

export const driverLoginInput = z.object({
  email: required().pipe(z.email(AUTH_MESSAGES.invalidEmail)),
  phone: required().refine(isValidDriverPhone, AUTH_MESSAGES.invalidPhone),
});
export type DriverLoginInput = z.infer<typeof driverLoginInput>;

export const changePasswordInput = z.object({
  current_password: z.string().min(1, AUTH_MESSAGES.required).max(PASSWORD_MAX),
  new_password: z.string().min(1, AUTH_MESSAGES.required).min(LIMITS.passwordMin, AUTH_MESSAGES.passwordTooShort).max(PASSWORD_MAX),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The client form asks for the new password twice; only the pair above is sent. */
export const changePasswordForm = changePasswordInput
  .extend({ confirm_password: z.string().min(1, AUTH_MESSAGES.required) })
  .refine((v) => v.new_password === v.confirm_password, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** auth.resetPassword */
export const resetPasswordOutput = z.object({ success: z.literal(true) });
/** auth.logout */
export const logoutOutput = resetPasswordOutput;
/** auth.logoutEverywhere */
export const logoutEverywhereOutput = resetPasswordOutput;
/** auth.admin.createResetLink */
export const adminCreateResetLinkOutput = z.object({ url: z.string(), expires_at: z.string() });
/** auth.changePassword */
export const changePasswordOutput = z.object({ success: z.literal(true), token: z.string() });
/** auth.driverLogin */
export const driverLoginOutput = z.object({
  success: z.literal(true),
  token: z.string(),
  driver: z.object({ id: z.number().int(), name: z.string(), email: z.string(), phone: z.string(), status: z.enum(DRIVER_STATUSES) }),
});
/** auth.login */
export const loginOutput = z.object({
  token: z.string(),
  user: z.object({
    ...userColumns('id', 'uuid', 'email', 'username', 'first_name', 'last_name', 'role', 'company_id', 'image_url', 'language'),
    ...userColumns('donations_dashboard_access', 'official_role'),
  }),
});
