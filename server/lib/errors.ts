import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ERROR_MESSAGES, type ErrorCode, type FieldErrors } from '../../shared/errors';

/** The one error type services throw. Transport mapping lives in ERROR_TABLE. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldErrors;
  readonly retryAfterSeconds?: number;
  constructor(code: ErrorCode, opts: { message?: string; fields?: FieldErrors; retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(opts.message ?? ERROR_MESSAGES[code], { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = opts.fields;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
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
  FORBIDDEN: { http: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { http: 404, trpc: 'NOT_FOUND' },
  USERNAME_NOT_FOUND: { http: 404, trpc: 'NOT_FOUND' },
  RESET_TOKEN_INVALID: { http: 400, trpc: 'BAD_REQUEST' },
  CONFLICT: { http: 409, trpc: 'CONFLICT' },
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

/** zod issues → { "a.b": message } */
export function fieldErrorsFromZod(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** Normalise anything thrown into an AppError (unknown errors become INTERNAL; the cause is kept for logs). */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err && typeof err === 'object' && 'issues' in err && Array.isArray((err as { issues: unknown }).issues)) {
    return new AppError('VALIDATION', { fields: fieldErrorsFromZod((err as { issues: { path: PropertyKey[]; message: string }[] }).issues) });
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
    if (err.cause && 'issues' in err.cause) return toAppError(err.cause);
    const code = FROM_TRPC[err.code];
    if (code) return new AppError(code, { cause: err });
    return new AppError('INTERNAL', { cause: err.cause ?? err });
  }
  return toAppError(err);
}
