// Messages in the reader's language on the server (mail). The catalogs are the client's compiled Lingui
// catalogs, so a message code has one English text (shared/messages.ts) and one translation per language,
// whichever side renders it.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LANGUAGES, type Language } from '../../shared/constants/enums';
import { MESSAGES, type Message } from '../../shared/messages';
import { messages as dk } from '../../client/src/locales/dk/messages';
import { messages as en } from '../../client/src/locales/en/messages';
import { messages as my } from '../../client/src/locales/my/messages';

const CATALOGS: Record<Language, Messages> = { en, dk, my };
const instances = new Map<Language, I18n>();

function i18nFor(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: CATALOGS[language] } });
    instances.set(language, i18n);
  }
  return i18n;
}

/** The message in `language`; a language we do not know reads English. */
export function renderMessage(language: string, message: Message): string {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
  // The English text stands in for a code a catalog does not have yet (never the bare code).
  return i18nFor(lang)._({ id: message.code, message: MESSAGES[message.code], values: message.params });
}
