import { z } from './_zod';
import { m } from '../messages';
import { email, language, pageInput, pageOutput, uuidCode } from './_primitives';

export const subscribeInput = z.object({ email, language: language.default('en') });
export const subscribeOutput = z.object({ subscribed: z.literal(true) });

/** The secret of a digest's unsubscribe link (a random UUID): it alone identifies the address. */
export const unsubscribeInput = z.object({
  token: uuidCode(m('newsletter.invalidToken')),
});

/** GET admin/newsletter/runs: the weekly digests sent, newest first. */
export const newsletterRunsInput = pageInput;

/** How many listings a digest shows by name (the mail gives the total and a link to all of them). */
export const DIGEST_LISTINGS_SHOWN = 10;

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** newsletter.unsubscribeInfo */
export const unsubscribeInfoOutput = z.object({ email: z.string(), subscribed: z.boolean() });
/** newsletter.unsubscribe */
export const unsubscribeOutput = unsubscribeInfoOutput;
/** newsletter.admin.runs */
export const adminRunsOutput = pageOutput(
  z.object({
    id: z.number().int(),
    period_start: z.string(),
    period_end: z.string(),
    subscribers: z.number(),
    listings: z.number(),
    mails_queued: z.number(),
    created_at: z.date(),
  }),
).extend({ subscribers: z.object({ active: z.number(), unsubscribed: z.number() }), next_run_after: z.string() });
