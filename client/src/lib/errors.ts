// Error codes and validation messages → translated text (SPEC §8). One place for the whole client.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TRPCClientError } from '@trpc/client';
import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode } from '@shared/errors';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { REGISTRATION_MESSAGES, REVIEW_MESSAGES } from '@shared/schemas/registration';
import { SUBSCRIPTION_MESSAGES } from '@shared/schemas/subscriptions';

export interface AppErrorInfo {
  code: ErrorCode;
  /** The server's message (English). */
  message: string;
  fields: Record<string, string> | null;
  httpStatus: number | null;
  retryAfterSeconds: number | null;
}

const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && (ERROR_CODES as readonly string[]).includes(v);

export function getAppError(err: unknown): AppErrorInfo {
  if (err instanceof TRPCClientError) {
    const data = (err.data ?? {}) as Record<string, unknown>;
    const code = isErrorCode(data.appCode) ? data.appCode : data.httpStatus === 401 ? 'UNAUTHENTICATED' : 'INTERNAL';
    return {
      code,
      message: err.message,
      fields: (data.fields as Record<string, string> | null | undefined) ?? null,
      httpStatus: typeof data.httpStatus === 'number' ? data.httpStatus : null,
      retryAfterSeconds: typeof data.retryAfterSeconds === 'number' ? data.retryAfterSeconds : null,
    };
  }
  return { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, fields: null, httpStatus: null, retryAfterSeconds: null };
}

/** SPEC §8 bulk upload message; the email comes from the server's message. */
function bulkUploadFailed(email: string) {
  return msg`An error occurred while uploading your file. Please try again. If the issue persists, contact our support team at ${email} for assistance.`;
}

export const ERROR_TEXT: Record<ErrorCode, MessageDescriptor> = {
  BAD_REQUEST: msg`The request could not be understood.`,
  VALIDATION: msg`Some fields are not valid.`,
  UNAUTHENTICATED: msg`Please log in to continue.`,
  SESSION_EXPIRED: msg`Your session has expired. Please log back in.`,
  FORBIDDEN: msg`You do not have permission to do that.`,
  NOT_FOUND: msg`Not found.`,
  CONFLICT: msg`This conflicts with the current state.`,
  TOO_MANY_REQUESTS: msg`Too many attempts. Please wait and try again.`,
  PAYLOAD_TOO_LARGE: msg`The file is too large.`,
  UNSUPPORTED_MEDIA_TYPE: msg`This file type is not supported.`,
  INVALID_CREDENTIALS: msg`The username or password you entered is incorrect`,
  ACCOUNT_PENDING: msg`Your registration is awaiting approval by an administrator.`,
  ACCOUNT_REJECTED: msg`Your registration was not approved.`,
  EMAIL_TAKEN: msg`An account with this email already exists.`,
  DRIVER_INVALID_CREDENTIALS: msg`Invalid email or phone number. Please verify your credentials.`,
  PASSWORD_UPDATE_FAILED: msg`Could not update password`,
  USERNAME_NOT_FOUND: msg`Username does not exist.`,
  RESET_TOKEN_INVALID: msg`This reset link is invalid or has expired.`,
  INTERNAL: msg`Something went wrong. Please try again.`,
  BULK_UPLOAD_FAILED: bulkUploadFailed(''),
  BULK_ACCESS_REQUIRED: msg`Bulk upload needs access granted by an administrator. Please request access first.`,
  CSV_TOO_MANY_ROWS: msg`The file has more than 500 rows. Split it into files of at most 500 rows.`,
  CSV_INVALID_ROWS: msg`Some rows have errors; nothing was imported. Fix the rows listed and upload the file again.`,
};

export const SESSION_EXPIRED_TEXT = ERROR_TEXT.SESSION_EXPIRED;

/**
 * Translated text for an error. A server message that differs from the catalogue default is specific
 * (e.g. a driver-login reason) and is shown as sent; otherwise the code's translation is used.
 */
export function errorText(i18n: I18n, err: unknown, overrides: Partial<Record<ErrorCode, MessageDescriptor>> = {}): string {
  const info = getAppError(err);
  if (info.code === 'TOO_MANY_REQUESTS' && info.retryAfterSeconds) {
    const seconds = info.retryAfterSeconds;
    return i18n._(msg`Too many attempts. Try again in ${seconds} s.`);
  }
  const override = overrides[info.code];
  if (override) return i18n._(override);
  const specific = info.message && info.message !== ERROR_MESSAGES[info.code] && info.code !== 'INTERNAL' && info.code !== 'VALIDATION';
  if (specific && info.code === 'DRIVER_INVALID_CREDENTIALS') return info.message;
  // A conflict with a specific, known reason (e.g. a built-in plan cannot be deleted) says why.
  if (specific && info.code === 'CONFLICT') {
    const known = knownMessageText(i18n, info.message);
    if (known) return known;
  }
  if (info.code === 'BULK_UPLOAD_FAILED') {
    const email = /[^\s@]+@[^\s@]+\.[^\s@.,]+/.exec(info.message)?.[0] ?? '';
    return i18n._(bulkUploadFailed(email));
  }
  return i18n._(ERROR_TEXT[info.code]);
}

/** Shared-schema and server messages (English) → their translations. Several constants share a text. */
const VALIDATION_TEXT: Record<string, MessageDescriptor> = Object.fromEntries<MessageDescriptor>([
  [AUTH_MESSAGES.required, msg`This field is required`],
  [AUTH_MESSAGES.invalidEmail, msg`Invalid email address`],
  [AUTH_MESSAGES.invalidPhone, msg`Invalid phone number (8-15 digits)`],
  [AUTH_MESSAGES.passwordTooShort, msg`Password must be at least 8 characters`],
  [AUTH_MESSAGES.passwordsDoNotMatch, msg`Passwords do not match`],
  [REGISTRATION_MESSAGES.publicEmail, msg`Please use your company email address (no public email providers).`],
  [REGISTRATION_MESSAGES.invalidLocation, msg`Invalid Location, please select address either from map or the dropdown!`],
  [REGISTRATION_MESSAGES.customIndustryTooShort, msg`Please describe your industry in at least 2 characters`],
  [REGISTRATION_MESSAGES.unsupportedCountry, msg`Registration is open to companies in GR, DE, DK, AE, GB, IT, RO, MY`],
  [REGISTRATION_MESSAGES.atLeastOneCategory, msg`Select at least 1 category`],
  [REGISTRATION_MESSAGES.feeConsent, msg`Please accept the annual membership fee to register`],
  [REGISTRATION_MESSAGES.invalidDate, msg`Enter a date as YYYY-MM-DD`],
  [REGISTRATION_MESSAGES.invalidUrl, msg`Enter a valid web address`],
  [REGISTRATION_MESSAGES.invalidPhone, msg`Enter a valid phone number`],
  [REGISTRATION_MESSAGES.invalidCallingCode, msg`Enter a calling code such as +45`],
  [REGISTRATION_MESSAGES.invalidCurrency, msg`Choose a currency`],
  [REGISTRATION_MESSAGES.invalidChoice, msg`Choose one of the options`],
  [REGISTRATION_MESSAGES.unknownCategory, msg`Unknown category`],
  [REVIEW_MESSAGES.reasonRequired, msg`A reason is required to reject a registration`],
  [SUBSCRIPTION_MESSAGES.endAfterStart, msg`The end date must be after the start date`],
  [SUBSCRIPTION_MESSAGES.builtinDates, msg`Built-in plans have a fixed length; their dates cannot be set`],
  [SUBSCRIPTION_MESSAGES.builtinDelete, msg`Built-in plans cannot be deleted`],
  [SUBSCRIPTION_MESSAGES.planInUse, msg`This plan is assigned to companies; deactivate it instead`],
  [SUBSCRIPTION_MESSAGES.planInactive, msg`This plan is not active`],
  ['An account with this email already exists.', msg`An account with this email already exists.`],
  ['Unknown subscription plan', msg`Unknown subscription plan`],
  ['The end date must not be before the start date', msg`The end date must not be before the start date`],
]);

/** The translation of a known server or schema message, else null. */
export function knownMessageText(i18n: I18n, message: string | undefined | null): string | null {
  const known = message ? VALIDATION_TEXT[message] : undefined;
  return known ? i18n._(known) : null;
}

/** A form field's error (from a shared zod schema or the server's `fields`) in the active language. */
export function fieldErrorText(i18n: I18n, error: { message?: string; type?: string } | undefined): string | undefined {
  if (!error) return undefined;
  const known = error.message ? VALIDATION_TEXT[error.message] : undefined;
  if (known) return i18n._(known);
  if (error.type === 'too_big') return i18n._(msg`This text is too long`);
  if (error.type === 'too_small') return i18n._(msg`This text is too short`);
  return error.message ? error.message : i18n._(msg`This value is not valid`);
}
