import { z } from './_zod';
import { language } from './_primitives';

export const setLanguageInput = z.object({ language });

/** Which mails the user receives besides in-app notifications; each may be left out to keep it as it is. */
export const emailPreferencesInput = z.object({
  email_notifications_new_listings: z.boolean().optional(),
  email_notifications_activity: z.boolean().optional(),
});
