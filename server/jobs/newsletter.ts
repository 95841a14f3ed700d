// The weekly newsletter job (docs/decisions/0074): every instance runs it every hour; the advisory lock lets one run
// at a time, and the week's unique row lets one run per week send, so N instances send each digest once.
import type { Env } from '../env';
import { sendWeeklyDigest } from '../modules/newsletter/service';
import type { Job } from './scheduler';

export const NEWSLETTER_LOCK_KEY = 727_002_003;

export function newsletterJob(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, now: () => Date = () => new Date()): Job {
  return { name: 'newsletter-digest', lockKey: NEWSLETTER_LOCK_KEY, everyHours: 1, run: (tx) => sendWeeklyDigest(tx, env, now()) };
}
