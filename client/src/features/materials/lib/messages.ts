// Listing form and CSV row messages: codes from the shared schema and the server, in the active language.
import type { I18n } from '@lingui/core';
import { fieldErrorText } from '@/lib/errors';

export function materialErrorText(i18n: I18n, error: { message?: string; type?: string } | undefined): string | undefined {
  return fieldErrorText(i18n, error);
}

/** A CSV row report message (an encoded message code). */
export function csvMessageText(i18n: I18n, message: string): string {
  return fieldErrorText(i18n, { message }) ?? message;
}
