// Server message codes (shared/messages.ts) in the active language. The catalogs hold every code (see
// lib/message-catalog.ts, generated); the English text is the fallback for a catalog that lacks one.
import type { I18n } from '@lingui/core';
import { MESSAGES, decodeMessage, type Message } from '@shared/messages';
import { refText } from './reference';

export function messageText(i18n: I18n, message: Message): string {
  // A material group named in a message ("New listing in {group}") is reference data: in the reader's language.
  const values =
    message.params && typeof message.params.group === 'string' ? { ...message.params, group: refText(i18n, message.params.group) } : message.params;
  return i18n._({ id: message.code, message: MESSAGES[message.code], values });
}

/** An encoded message (`code?param=value`, as zod and form errors carry them), or null when it is not one. */
export function encodedMessageText(i18n: I18n, text: string | undefined | null): string | null {
  const message = decodeMessage(text);
  return message ? messageText(i18n, message) : null;
}
