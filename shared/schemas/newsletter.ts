import { z } from './_zod';
import { m } from '../messages';
import { email, language, pageInput } from './_primitives';

export const subscribeInput = z.object({ email, language: language.default('en') });

/** The secret of a digest's unsubscribe link (a random UUID): it alone identifies the address. */
export const unsubscribeInput = z.object({
  token: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, m('newsletter.invalidToken')),
});

/** GET admin/newsletter/runs: the weekly digests sent, newest first. */
export const newsletterRunsInput = pageInput;

/** How many listings a digest shows by name (the mail gives the total and a link to all of them). */
export const DIGEST_LISTINGS_SHOWN = 10;
