// Sends the new-listing digests of bulk uploads that no instance sent right after the upload committed (the process
// died, or the NOTIFY was lost): every minute, and at start (docs/decisions/0151). Normally there are none.
import type { Env } from '../env';
import { publicUrl } from '../lib/mail';
import { sendListingDigests } from '../modules/materials/digests';
import type { Job } from './scheduler';

export const LISTING_DIGESTS_LOCK_KEY = 727_002_005;

export function listingDigestsJob(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): Job {
  return {
    name: 'listing-digests',
    lockKey: LISTING_DIGESTS_LOCK_KEY,
    everyHours: 1 / 60,
    run: (tx) => sendListingDigests(tx, (path) => publicUrl(env, path), { limit: 100 }),
  };
}
