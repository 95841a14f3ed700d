// The error catalogue: one code per situation. The server maps codes to transport statuses
// (server/lib/errors.ts); each code's text is the message `error.<CODE>` in shared/messages.ts, which the
// client renders in the reader's language. An error may carry a more specific message and field messages.
import { MESSAGES, type Message } from './messages';

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'NOT_ENOUGH_STOCK',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_CREDENTIALS',
  'ACCOUNT_PENDING',
  'ACCOUNT_REJECTED',
  'ACCOUNT_DISABLED',
  'EMAIL_TAKEN',
  'DRIVER_INVALID_CREDENTIALS',
  'PASSWORD_UPDATE_FAILED',
  'USERNAME_NOT_FOUND',
  'RESET_TOKEN_INVALID',
  'INVITATION_GONE',
  'BULK_UPLOAD_FAILED',
  'BULK_ACCESS_REQUIRED',
  'CSV_TOO_MANY_ROWS',
  'CSV_INVALID_ROWS',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** English text of each error code (SPEC §8 wording where SPEC has one). */
export const ERROR_MESSAGES = Object.fromEntries(ERROR_CODES.map((code) => [code, MESSAGES[`error.${code}`]])) as Record<ErrorCode, string>;

/** Field errors travel as { "a.b": message } next to the error code. */
export type FieldErrors = Record<string, Message>;

/**
 * REST error body. `message` is English (SPEC wording); `message_code`/`params` name it for translation;
 * `fields` gives each field's English text and `field_codes` the same as codes.
 */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    message_code: string;
    params?: Record<string, string | number>;
    fields?: Record<string, string>;
    field_codes?: FieldErrors;
    request_id?: string;
  };
}
