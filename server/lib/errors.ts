import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { ErrorCode, FieldErrors } from '../../shared/errors';
import {
  errorMessage,
  formatMessage,
  messageOfIssue,
  type IssueLike,
  type Message,
  type MessageCode,
  type MessageParams,
} from '../../shared/messages';

/**
 * The one error type services throw. Transport mapping lives in ERROR_TABLE. `message` is the code's own
 * text unless a more specific message is given; `Error.message` holds its English rendering.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: Message;
  readonly fields?: FieldErrors;
  readonly retryAfterSeconds?: number;
  constructor(code: ErrorCode, opts: { message?: Message; fields?: FieldErrors; retryAfterSeconds?: number; cause?: unknown } = {}) {
    const detail = opts.message ?? errorMessage(code);
    super(formatMessage(detail), { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.detail = detail;
    this.fields = opts.fields;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

/** A validation error on one field: `fieldError('title', 'listing.titleTooLong', { max: 50 })`. */
export function fieldError(field: string, code: MessageCode, params?: MessageParams): AppError {
  return new AppError('VALIDATION', { fields: { [field]: params ? { code, params } : { code } } });
}

/** English text of each field message, for REST answers. */
export function englishFields(fields: FieldErrors): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, formatMessage(v)]));
}

/** One table read by the tRPC error formatter and the Express error middleware. */
export const ERROR_TABLE: Record<ErrorCode, { http: number; trpc: TRPC_ERROR_CODE_KEY }> = {
  BAD_REQUEST: { http: 400, trpc: 'BAD_REQUEST' },
  VALIDATION: { http: 400, trpc: 'BAD_REQUEST' },
  UNAUTHENTICATED: { http: 401, trpc: 'UNAUTHORIZED' },
  SESSION_EXPIRED: { http: 401, trpc: 'UNAUTHORIZED' },
  INVALID_CREDENTIALS: { http: 401, trpc: 'UNAUTHORIZED' },
  DRIVER_INVALID_CREDENTIALS: { http: 401, trpc: 'UNAUTHORIZED' },
  ACCOUNT_PENDING: { http: 403, trpc: 'FORBIDDEN' },
  ACCOUNT_REJECTED: { http: 403, trpc: 'FORBIDDEN' },
  ACCOUNT_DISABLED: { http: 403, trpc: 'FORBIDDEN' },
  FORBIDDEN: { http: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { http: 404, trpc: 'NOT_FOUND' },
  USERNAME_NOT_FOUND: { http: 404, trpc: 'NOT_FOUND' },
  RESET_TOKEN_INVALID: { http: 400, trpc: 'BAD_REQUEST' },
  // tRPC has no 410: its clients read the code; REST answers 410 Gone.
  INVITATION_GONE: { http: 410, trpc: 'NOT_FOUND' },
  CONFLICT: { http: 409, trpc: 'CONFLICT' },
  NOT_ENOUGH_STOCK: { http: 409, trpc: 'CONFLICT' },
  EMAIL_TAKEN: { http: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { http: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  TOO_MANY_REQUESTS: { http: 429, trpc: 'TOO_MANY_REQUESTS' },
  PASSWORD_UPDATE_FAILED: { http: 400, trpc: 'BAD_REQUEST' },
  BULK_UPLOAD_FAILED: { http: 400, trpc: 'BAD_REQUEST' },
  BULK_ACCESS_REQUIRED: { http: 403, trpc: 'FORBIDDEN' },
  CSV_TOO_MANY_ROWS: { http: 400, trpc: 'BAD_REQUEST' },
  CSV_INVALID_ROWS: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  INTERNAL: { http: 500, trpc: 'INTERNAL_SERVER_ERROR' },
};

/** zod issues → { "a.b": message }; the first issue of a field wins. */
export function fieldErrorsFromZod(issues: readonly (IssueLike & { path: readonly PropertyKey[] })[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= messageOfIssue(issue);
  }
  return out;
}

/** Normalise anything thrown into an AppError (unknown errors become INTERNAL; the cause is kept for logs). */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err && typeof err === 'object' && 'issues' in err && Array.isArray((err as { issues: unknown }).issues)) {
    return new AppError('VALIDATION', { fields: fieldErrorsFromZod((err as { issues: (IssueLike & { path: PropertyKey[] })[] }).issues) });
  }
  return new AppError('INTERNAL', { cause: err });
}

const FROM_TRPC: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  BAD_REQUEST: 'BAD_REQUEST',
  PARSE_ERROR: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'BAD_REQUEST',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
};

/** A TRPCError carries our AppError as its cause; tRPC's own errors (bad path, bad JSON) map by code. */
export function appErrorFromTrpc(err: unknown): AppError {
  if (err instanceof TRPCError) {
    if (err.cause instanceof AppError) return err.cause;
    // Input that fails its schema is the caller's mistake (400); an answer that fails its output schema is ours
    // (tRPC raises it as INTERNAL_SERVER_ERROR): a 500 with the cause logged, never a field error the caller cannot fix.
    if (err.code === 'BAD_REQUEST' && err.cause && 'issues' in err.cause) return toAppError(err.cause);
    const code = FROM_TRPC[err.code];
    if (code) return new AppError(code, { cause: err });
    return new AppError('INTERNAL', { cause: err.cause ?? err });
  }
  return toAppError(err);
}
