// The shared listing schema's messages (English, shared/schemas/materials.ts) in the active language.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fieldErrorText } from '@/lib/errors';
import { MATERIAL_MESSAGES } from '@shared/schemas/materials';

const TEXT: Record<string, MessageDescriptor> = {
  [MATERIAL_MESSAGES.required]: msg`This field is required`,
  [MATERIAL_MESSAGES.titleTooLong]: msg`Title must be at most 50 characters`,
  [MATERIAL_MESSAGES.descriptionTooLong]: msg`Description must be at most 500 characters`,
  [MATERIAL_MESSAGES.quantityNotInteger]: msg`Quantity must be a whole number`,
  [MATERIAL_MESSAGES.quantityNegative]: msg`Quantity cannot be negative`,
  [MATERIAL_MESSAGES.tooManyPhotos]: msg`You can add up to 3 photos`,
  [MATERIAL_MESSAGES.photoTooLarge]: msg`Each photo must be at most 2 MB`,
  [MATERIAL_MESSAGES.photoNotDataUrl]: msg`The photo could not be read`,
  [MATERIAL_MESSAGES.textTooLong]: msg`This text is too long`,
  // Server-side field messages (services/materials).
  'Choose one of your company addresses': msg`Choose one of your company addresses`,
  'Add a company address first': msg`Add a company address first`,
  'Unknown material group': msg`Unknown material group`,
  'Unknown material group or subcategory': msg`Unknown material group or subcategory`,
  'This does not belong to the chosen material group': msg`This does not belong to the chosen material group`,
  'This photo does not belong to the listing': msg`This photo does not belong to the listing`,
  'Unknown material group code': msg`Unknown material group code`,
  'The file is too large.': msg`The file is too large.`,
  'This file type is not supported.': msg`This file type is not supported.`,
};

export function materialErrorText(i18n: I18n, error: { message?: string; type?: string } | undefined): string | undefined {
  if (!error) return undefined;
  const known = error.message ? TEXT[error.message] : undefined;
  return known ? i18n._(known) : fieldErrorText(i18n, error);
}

/** A CSV row report message: known ones translated, others (e.g. "Unknown SDG goal 18") as sent. */
export function csvMessageText(i18n: I18n, message: string): string {
  const known = TEXT[message];
  return known ? i18n._(known) : message;
}
