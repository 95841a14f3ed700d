// The donations dashboard's answers are `{success, data}` (SPEC §7). SPEC §8: "a response lacking success gives
// 'Failed to fetch ... data'; the message is kept in an error state": a query whose answer lacks `success: true`
// fails with that message (TanStack Query keeps a `select` error as the query's error until a refetch succeeds).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type DashboardSection = 'environmentalImpact' | 'metrics' | 'topDonors' | 'feed';

export const FAILED_TO_FETCH: Record<DashboardSection, MessageDescriptor> = {
  environmentalImpact: msg`Failed to fetch environmental impact data`,
  metrics: msg`Failed to fetch donation metrics data`,
  topDonors: msg`Failed to fetch top donors data`,
  feed: msg`Failed to fetch donations feed data`,
};

/** The answer did not say `success: true`. */
export class MissingSuccessError extends Error {
  constructor(readonly section: DashboardSection) {
    super(`${section}: response lacks success`);
    this.name = 'MissingSuccessError';
  }
}

/** `select` for a dashboard query: its `data` when the answer says success, else a MissingSuccessError. */
export function requireSuccess<T>(section: DashboardSection) {
  return (answer: { success?: unknown; data?: T } | null | undefined): T => {
    if (!answer || answer.success !== true || answer.data === undefined) throw new MissingSuccessError(section);
    return answer.data;
  };
}
