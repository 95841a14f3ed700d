// The error catalogue: one code per situation. The server maps codes to transport statuses
// (server/lib/errors.ts); the client maps codes to translated messages (SPEC §8).

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_CREDENTIALS',
  'ACCOUNT_PENDING',
  'ACCOUNT_REJECTED',
  'EMAIL_TAKEN',
  'DRIVER_INVALID_CREDENTIALS',
  'PASSWORD_UPDATE_FAILED',
  'USERNAME_NOT_FOUND',
  'RESET_TOKEN_INVALID',
  'BULK_UPLOAD_FAILED',
  'BULK_ACCESS_REQUIRED',
  'CSV_TOO_MANY_ROWS',
  'CSV_INVALID_ROWS',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** English defaults (SPEC §8 wording where SPEC has one); the client translates by code. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request could not be understood.',
  VALIDATION: 'Some fields are not valid.',
  UNAUTHENTICATED: 'Please log in to continue.',
  SESSION_EXPIRED: 'Your session has expired. Please log back in.',
  FORBIDDEN: 'You do not have permission to do that.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This conflicts with the current state.',
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait and try again.',
  PAYLOAD_TOO_LARGE: 'The file is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This file type is not supported.',
  INVALID_CREDENTIALS: 'The username or password you entered is incorrect',
  ACCOUNT_PENDING: 'Your registration is awaiting approval by an administrator.',
  ACCOUNT_REJECTED: 'Your registration was not approved.',
  EMAIL_TAKEN: 'An account with this email already exists.',
  DRIVER_INVALID_CREDENTIALS: 'Invalid email or phone number. Please verify your credentials.',
  PASSWORD_UPDATE_FAILED: 'Could not update password',
  USERNAME_NOT_FOUND: 'Username does not exist.',
  RESET_TOKEN_INVALID: 'This reset link is invalid or has expired.',
  // {email} is replaced by SUPPORT_EMAIL on the server.
  BULK_UPLOAD_FAILED:
    'An error occurred while uploading your file. Please try again. If the issue persists, contact our support team at {email} for assistance.',
  BULK_ACCESS_REQUIRED: 'Bulk upload needs access granted by an administrator. Please request access first.',
  CSV_TOO_MANY_ROWS: 'The file has more than 500 rows. Split it into files of at most 500 rows.',
  CSV_INVALID_ROWS: 'Some rows have errors; nothing was imported. Fix the rows listed and upload the file again.',
  INTERNAL: 'Something went wrong. Please try again.',
};

/** Field errors travel as { path: message } next to the code. */
export type FieldErrors = Record<string, string>;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldErrors; request_id?: string };
}
