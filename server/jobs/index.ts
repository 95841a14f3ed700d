// Every kind of background job in one place: the recurring ones with their default periods (JOB_SCHEDULE
// overrides them by type), and the handlers each instance runs (server/jobs/queue.ts runs them).
import type { Env } from '../env';
import { publicUrl } from '../lib/mail';
import { mailHandler, type MailTransport } from '../lib/mail-sender';
import { webhookDeliveryHandler } from '../modules/integrations/delivery';
import { listingDigestHandler } from '../modules/materials/digests';
import { pruneRecommendationDisplays } from '../modules/materials/displays';
import { sendSavedSearchMails } from '../modules/materials/saved-searches';
import { needMatchHandler } from '../modules/needs/events';
import { sendWeeklyDigest } from '../modules/newsletter/service';
import { expireSubscriptions } from '../modules/subscriptions/service';
import { exponentialBackoff } from './policy';
import { defineJob, pruneJobs, transactionalHandler, type JobHandler, type RecurringJob, type RecurringPayload } from './queue';

/** A recurring job that fails is tried again after 30 s, 2 min, 8 min, 32 min and 1 h (six attempts), then waits for its next period. */
const RECURRING_BACKOFF = exponentialBackoff({ first: 30_000, factor: 4, max: 3_600_000, steps: 5 });
const recurring = (type: string, timeoutMs = 300_000) => defineJob<RecurringPayload>({ type, backoff: RECURRING_BACKOFF, timeoutMs });

export const EXPIRE_SUBSCRIPTIONS = recurring('expire-subscriptions');
/** Retention of the recommendation display log (docs/decisions/0130). */
export const PRUNE_RECOMMENDATION_DISPLAYS = recurring('prune-recommendation-displays');
/** Hourly, and the digest's own week claim sends it once a week (docs/decisions/0074). */
export const NEWSLETTER_DIGEST = recurring('newsletter-digest');
/** Daily: the new matches of saved searches with mail on (docs/decisions/0221). */
export const SAVED_SEARCH_MAIL = recurring('saved-search-mail');
/** Finished jobs are kept for the admin view for a while, then deleted (pruneJobs says how long). */
export const PRUNE_JOBS = recurring('prune-jobs');

export const RECURRING_JOBS: readonly RecurringJob[] = [
  { spec: EXPIRE_SUBSCRIPTIONS, everySeconds: 86_400 },
  { spec: PRUNE_RECOMMENDATION_DISPLAYS, everySeconds: 86_400 },
  { spec: NEWSLETTER_DIGEST, everySeconds: 3_600 },
  { spec: SAVED_SEARCH_MAIL, everySeconds: 86_400 },
  { spec: PRUNE_JOBS, everySeconds: 86_400 },
];

export interface HandlerOptions {
  /** Without NODE_ENV, webhooks are sent as in production (https only, no private addresses). */
  env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'MAIL_FROM'> & Partial<Pick<Env, 'NODE_ENV' | 'WEBHOOKS_ALLOW_HTTP'>>;
  /** The SMTP transport; without one, mail jobs wait (their outbox rows stay queued for administrators to read). */
  transport: MailTransport | null;
  /** Tests only: the clock of the newsletter's week. */
  now?: () => Date;
}

/** The handlers of every job type (mail only with a transport). */
export function jobHandlers({ env, transport, now = () => new Date() }: HandlerOptions): JobHandler[] {
  return [
    transactionalHandler(EXPIRE_SUBSCRIPTIONS, ({ db }) => expireSubscriptions(db)),
    transactionalHandler(PRUNE_RECOMMENDATION_DISPLAYS, ({ db }) => pruneRecommendationDisplays(db)),
    transactionalHandler(NEWSLETTER_DIGEST, ({ db }) => sendWeeklyDigest(db, env, now())),
    transactionalHandler(SAVED_SEARCH_MAIL, ({ db }) => sendSavedSearchMails(db, env, now())),
    transactionalHandler(PRUNE_JOBS, ({ db }) => pruneJobs(db)),
    needMatchHandler(),
    listingDigestHandler((path) => publicUrl(env, path)),
    webhookDeliveryHandler({ NODE_ENV: env.NODE_ENV ?? 'production', WEBHOOKS_ALLOW_HTTP: env.WEBHOOKS_ALLOW_HTTP ?? false }),
    ...(transport ? [mailHandler({ transport, from: env.MAIL_FROM })] : []),
  ];
}
