// Errors from the server → translated text (SPEC §8). Every message the server sends is a code
// (shared/messages.ts) rendered in the reader's language; no English text is matched here.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TRPCClientError } from '@trpc/client';
import { ERROR_CODES, type ErrorCode } from '@shared/errors';
import { encodeMessage, errorMessage, isMessageCode, type Message } from '@shared/messages';
import { encodedMessageText, messageText } from './messages';

export interface AppErrorInfo {
  code: ErrorCode;
  /** The server's message (English). */
  message: string;
  /** The same message as a code, for translation. */
  detail: Message;
  /** Field errors as encoded messages (`code?param=value`), ready for react-hook-form's setError. */
  fields: Record<string, string> | null;
  httpStatus: number | null;
  retryAfterSeconds: number | null;
}

const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && (ERROR_CODES as readonly string[]).includes(v);

function asMessage(v: unknown): Message | null {
  if (!v || typeof v !== 'object') return null;
  const { code, params } = v as { code?: unknown; params?: unknown };
  if (!isMessageCode(code)) return null;
  return params && typeof params === 'object' ? { code, params: params as Message['params'] } : { code };
}

export function getAppError(err: unknown): AppErrorInfo {
  if (err instanceof TRPCClientError) {
    const data = (err.data ?? {}) as Record<string, unknown>;
    const code = isErrorCode(data.appCode) ? data.appCode : data.httpStatus === 401 ? 'UNAUTHENTICATED' : 'INTERNAL';
    let fields: Record<string, string> | null = null;
    if (data.fields && typeof data.fields === 'object') {
      fields = {};
      for (const [k, v] of Object.entries(data.fields as Record<string, unknown>))
        fields[k] = encodeMessage(asMessage(v) ?? { code: 'field.invalid' });
    }
    return {
      code,
      message: err.message,
      detail: asMessage(data.detail) ?? errorMessage(code),
      fields,
      httpStatus: typeof data.httpStatus === 'number' ? data.httpStatus : null,
      retryAfterSeconds: typeof data.retryAfterSeconds === 'number' ? data.retryAfterSeconds : null,
    };
  }
  return { code: 'INTERNAL', message: 'INTERNAL', detail: errorMessage('INTERNAL'), fields: null, httpStatus: null, retryAfterSeconds: null };
}

export const SESSION_EXPIRED_TEXT = msg({ id: 'error.SESSION_EXPIRED', message: 'Your session has expired. Please log back in.' });

/** Translated text for an error: the server's message in the active language, or a screen's own wording. */
export function errorText(i18n: I18n, err: unknown, overrides: Partial<Record<ErrorCode, MessageDescriptor>> = {}): string {
  const info = getAppError(err);
  if (info.code === 'TOO_MANY_REQUESTS' && info.retryAfterSeconds) {
    const seconds = info.retryAfterSeconds;
    return i18n._(msg`Too many attempts. Try again in ${seconds} s.`);
  }
  const override = overrides[info.code];
  if (override) return i18n._(override);
  return messageText(i18n, info.detail);
}

/** A form field's error (a code from a shared zod schema or from the server's `fields`) in the active language. */
export function fieldErrorText(i18n: I18n, error: { message?: string; type?: string } | undefined): string | undefined {
  if (!error) return undefined;
  const text = encodedMessageText(i18n, error.message);
  if (text) return text;
  // A message the client set itself (already translated), else a generic one.
  return error.message ? error.message : i18n._(msg`This value is not valid`);
}
