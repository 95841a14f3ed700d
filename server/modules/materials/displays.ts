// Recommendation displays off the read path: every /database view shows up to 4 recommendations,
// and logging each as its own INSERT made a read into a write. Displays are buffered in memory and written in
// one multi-row INSERT every few seconds (or as soon as 500 wait); readers of the log on this instance flush
// first, so what a company just saw is in its own log. A crash loses at most one interval's displays: they
// are statistics (click-through), not records anyone acts on. Old rows go with the daily retention job
// (pruneRecommendationDisplays, docs/decisions/0130).
import { lt } from 'drizzle-orm';
import { recommendation_displays } from '../../../drizzle/schema';
import type { Db, DbOrTx } from '../../db/client';
import type { Logger } from '../../lib/logger';

export const DISPLAYS = {
  flushEveryMs: 5_000,
  flushAtRows: 500,
  /** Kept 13 months: a year of monthly click-through figures plus the running month. */
  retentionDays: 400,
} as const;

type DisplayRow = { user_id: number; company_id: number; material_id: number; created_at: Date };

export interface DisplayRecorder {
  record(userId: number, companyId: number, materialIds: number[]): void;
  /** Writes what waits (readers of the log call it first; shutdown calls it last). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createDisplayRecorder(db: Db, logger: Logger, opts: { flushEveryMs?: number; flushAtRows?: number } = {}): DisplayRecorder {
  const every = opts.flushEveryMs ?? DISPLAYS.flushEveryMs;
  const atRows = opts.flushAtRows ?? DISPLAYS.flushAtRows;
  let pending: DisplayRow[] = [];
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = pending;
    pending = [];
    // One write at a time, in order; a failed batch is logged and dropped (statistics, see above).
    writing = writing.then(async () => {
      if (!rows.length) return;
      try {
        await db.insert(recommendation_displays).values(rows);
      } catch (err) {
        logger.warn({ err, rows: rows.length }, 'could not record recommendation displays');
      }
    });
    return writing;
  };
  return {
    record(userId, companyId, materialIds) {
      const created_at = new Date();
      for (const material_id of materialIds) pending.push({ user_id: userId, company_id: companyId, material_id, created_at });
      if (pending.length >= atRows) void flush();
      else if (!timer && pending.length) {
        timer = setTimeout(() => void flush(), every);
        timer.unref();
      }
    },
    flush,
    close: flush,
  };
}

/** The retention job's work: displays older than DISPLAYS.retentionDays go. */
export async function pruneRecommendationDisplays(tx: DbOrTx, now = new Date()) {
  const before = new Date(now.getTime() - DISPLAYS.retentionDays * 86_400_000);
  const deleted = await tx
    .delete(recommendation_displays)
    .where(lt(recommendation_displays.created_at, before))
    .returning({ id: recommendation_displays.id });
  return { deleted: deleted.length };
}
