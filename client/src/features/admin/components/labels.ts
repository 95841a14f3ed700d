import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AssignmentMode, RegistrationStatus, SubscriptionAction } from '@shared/constants/enums';

export const REGISTRATION_STATUS_TEXT: Record<RegistrationStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  accepted: msg`Accepted`,
  rejected: msg`Rejected`,
};

export const ASSIGNMENT_MODE_TEXT: Record<AssignmentMode, MessageDescriptor> = {
  after_current: msg`Start after the current plan ends`,
  extend_current: msg`Extend the current plan`,
  start_now: msg`Start now (replaces the current plan)`,
};

export const HISTORY_ACTION_TEXT: Record<SubscriptionAction, MessageDescriptor> = {
  ACTIVATED: msg`Activated`,
  RENEWED: msg`Renewed`,
  EXPIRED: msg`Expired`,
  CANCELLED: msg`Cancelled`,
  EXTENDED: msg`Extended`,
};

export const PLAN_KIND_TEXT: Record<'initial' | 'extension' | 'custom', MessageDescriptor> = {
  initial: msg`Initial`,
  extension: msg`Extension`,
  custom: msg`Custom`,
};

const LANGUAGE_TEXT: Record<string, MessageDescriptor> = { en: msg`English`, dk: msg`Danish`, my: msg`Malay` };

/** The language a mail was written or a query asked in, by its name; an unknown code as it is stored. */
export function languageName(i18n: I18n, code: string): string {
  return LANGUAGE_TEXT[code] ? i18n._(LANGUAGE_TEXT[code]) : code;
}
