// Server message codes (shared/messages.ts) in the active language. The catalogs hold every code (see
// lib/message-catalog.ts, generated); the English text is the fallback for a catalog that lacks one.
import type { I18n } from '@lingui/core';
import { LANGUAGES, type Language } from '@shared/constants/enums';
import { MESSAGES, decodeMessage, type Message, type MessageParams } from '@shared/messages';
import { formatters } from './format';
import { refText } from './reference';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Parameters as the reader reads them: a material group named in a message ("New listing in {group}") is reference
 * data, in the reader's language; a calendar day (`date`, as a trip's "2030-05-14") is written the reader's way.
 */
function readerParams(i18n: I18n, params: MessageParams | undefined): MessageParams | undefined {
  if (!params) return params;
  const out = { ...params };
  if (typeof out.group === 'string') out.group = refText(i18n, out.group);
  if (typeof out.date === 'string' && ISO_DAY.test(out.date)) {
    const lang = ((LANGUAGES as readonly string[]).includes(i18n.locale) ? i18n.locale : 'en') as Language;
    out.date = formatters(lang).day(out.date);
  }
  return out;
}

export function messageText(i18n: I18n, message: Message): string {
  return i18n._({ id: message.code, message: MESSAGES[message.code], values: readerParams(i18n, message.params) });
}

/** An encoded message (`code?param=value`, as zod and form errors carry them), or null when it is not one. */
export function encodedMessageText(i18n: I18n, text: string | undefined | null): string | null {
  const message = decodeMessage(text);
  return message ? messageText(i18n, message) : null;
}
