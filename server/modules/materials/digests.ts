// New-listing digests of bulk uploads (docs/decisions/0151). The upload's transaction writes one listing_digests
// row (recordListingDigest, the listener of 'materials.imported') and a `listing-digest` job (server/jobs/queue.ts).
// A worker of some instance picks the job up as soon as the upload commits and turns the row into one
// notification per follower of the listings' groups (a mail too, for those who keep new-listing mail on; the live
// push as for any notification) and marks it sent, in one transaction with the job's completion. So the uploader's
// request writes one row instead of the fan-out, and nothing it committed is lost: a job whose worker died is
// taken up again, and a failed send is retried with the job's backoff.
import type { Tx } from '../../db/client';
import { defineJob, enqueue, transactionalHandler, type JobHandler } from '../../jobs/queue';
import type { DomainEvents } from '../../lib/events';
import * as notifications from '../notifications/service';
import * as repo from './repo';

export const LISTING_DIGEST_JOB = defineJob<{ digest_id: number }>({
  type: 'listing-digest',
  backoff: [10_000, 60_000, 300_000, 1_800_000, 7_200_000],
  timeoutMs: 120_000,
});

/** In the upload's transaction: the durable record of what its followers are to be told, and the job that tells them. */
export async function recordListingDigest(tx: Tx, e: DomainEvents['materials.imported']): Promise<void> {
  // Only listings with a material group can match what a company follows.
  const ids = e.items.filter((i) => i.material_group_id !== null).map((i) => i.material_id);
  if (!ids.length) return;
  const id = await repo.insertListingDigest(tx, { company_id: e.company_id, created_by_user_id: e.user_id, material_ids: ids });
  await enqueue(tx, LISTING_DIGEST_JOB, { digest_id: id });
}

/** The `listing-digest` job: sends its digest, unless some run already did. */
export function listingDigestHandler(mailUrl: (path: string) => string): JobHandler {
  return transactionalHandler(LISTING_DIGEST_JOB, ({ db, job }) => sendListingDigests(db, mailUrl, { ids: [job.payload.digest_id], limit: 1 }));
}

/**
 * Where a digest leads: the marketplace with the uploading company's listings, newest first, at any distance;
 * narrowed to the group when the reader follows only one of the upload's groups (the filter takes one group).
 */
export function digestLink(companyId: number, groupIds: readonly number[]): string {
  const p = new URLSearchParams();
  if (groupIds.length === 1) p.set('group', String(groupIds[0]));
  p.set('proximity', 'any');
  p.set('sort', 'newest');
  p.set('company', String(companyId));
  return `/database?${p.toString()}`;
}

/**
 * Sends unsent digests (these ids, or the oldest `limit`) in `tx`, which must be a transaction: each is claimed
 * with FOR UPDATE SKIP LOCKED and marked sent with its notifications, so two instances never send one twice.
 */
export async function sendListingDigests(
  tx: Tx,
  mailUrl: (path: string) => string,
  opts: { ids?: number[]; limit?: number } = {},
): Promise<{ digests: number; recipients: number }> {
  const claimed = await repo.claimUnsentDigests(tx, { ids: opts.ids, limit: opts.limit ?? 50 });
  let recipients = 0;
  for (const digest of claimed) {
    const n = await sendDigest(tx, digest, mailUrl);
    await repo.markDigestSent(tx, digest.id, n);
    recipients += n;
  }
  return { digests: claimed.length, recipients };
}

/** One notification per follower for the whole upload; returns how many users it notified. */
async function sendDigest(tx: Tx, digest: { company_id: number; material_ids: number[] }, mailUrl: (path: string) => string) {
  // Listings deleted, deactivated or moved to another group since the upload count as they are now.
  const byGroup = await repo.activeListingsByGroup(tx, digest.material_ids);
  if (!byGroup.size) return 0;
  const followers = await repo.interestedUserIds(tx, [...byGroup.keys()], digest.company_id);
  const groupsOf = new Map<number, number[]>();
  for (const [group, users] of followers) for (const user of users) groupsOf.set(user, [...(groupsOf.get(user) ?? []), group]);
  if (!groupsOf.size) return 0;
  const company = (await repo.companyName(tx, digest.company_id)) ?? '';
  // Users who follow the same groups of this upload read the same notification: one input for all of them.
  const alike = new Map<string, { groups: number[]; users: number[] }>();
  for (const [user, groups] of groupsOf) {
    groups.sort((a, b) => a - b);
    const key = groups.join(',');
    const entry = alike.get(key) ?? { groups, users: [] };
    entry.users.push(user);
    alike.set(key, entry);
  }
  await notifications.notifyMany(
    tx,
    [...alike.values()].map(({ groups, users }) => {
      const link = digestLink(digest.company_id, groups);
      return {
        user_ids: users,
        type: 'new_materials' as const,
        code: 'notification.newListingsDigest' as const,
        params: { count: groups.reduce((n, g) => n + (byGroup.get(g) ?? 0), 0), company },
        link,
        mail: { url: mailUrl(link), preference: 'new_listings' as const, template: 'listing_digest' as const },
      };
    }),
  );
  return groupsOf.size;
}
