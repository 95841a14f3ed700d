// Domain-event listeners of the needs module; server/listeners.ts registers them once.
import type { Deps } from '../../deps';
import { defineJob, enqueue, transactionalHandler, type JobHandler } from '../../jobs/queue';
import { matchNewListings } from './service';

/**
 * The listings of a bulk upload (up to 500) are matched against needs after the upload commits, by a job of the
 * queue (docs/decisions/0220), as their follower digest is (0151): the upload's request stays one insert.
 */
export const NEED_MATCH_JOB = defineJob<{ material_ids: number[] }>({
  type: 'need-match',
  backoff: [10_000, 60_000, 300_000, 1_800_000],
  timeoutMs: 120_000,
});

export function needMatchHandler(): JobHandler {
  return transactionalHandler(NEED_MATCH_JOB, ({ db, job }) => matchNewListings(db, job.payload.material_ids));
}

/** Registers the listeners; returns a function that removes them again. */
export function registerNeedListeners(deps: Deps): () => void {
  const offs = [
    // One listing from the editor: matched in its own transaction, so the need's company hears of it live.
    deps.events.on('materials.created', async (tx, e) => {
      if (e.kind !== 'offering') return;
      await matchNewListings(
        tx,
        e.items.filter((i) => i.material_group_id !== null).map((i) => i.material_id),
      );
    }),
    deps.events.on('materials.imported', async (tx, e) => {
      const ids = e.items.filter((i) => i.material_group_id !== null).map((i) => i.material_id);
      if (ids.length) await enqueue(tx, NEED_MATCH_JOB, { material_ids: ids });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
