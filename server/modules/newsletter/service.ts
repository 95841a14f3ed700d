import { newsletter_subscribers } from '../../../drizzle/schema';
import type { z } from 'zod';
import type { subscribeInput } from '../../../shared/schemas/newsletter';
import type { Deps } from '../../deps';

/** Idempotent: subscribing twice keeps one row and re-activates an unsubscribed address. */
export async function subscribe(deps: Deps, input: z.output<typeof subscribeInput>) {
  await deps.db
    .insert(newsletter_subscribers)
    .values({ email: input.email, language: input.language })
    .onConflictDoUpdate({
      target: newsletter_subscribers.email,
      set: { unsubscribed_at: null, language: input.language },
    });
  return { subscribed: true as const };
}
