import { and, count, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { companies, company_addresses, material_groups, materials, newsletter_runs, newsletter_subscribers } from '../../../drizzle/schema';
import type { Language } from '../../../shared/constants/enums';
import type { DbOrTx } from '../../db/client';
import { firstRow } from '../../db/rows';
import { withListingParts } from '../../db/joins';

/** One row per address: subscribing again re-activates an unsubscribed address and takes the new language. */
export async function upsertSubscriber(db: DbOrTx, subscriber: { email: string; language: Language }) {
  await db
    .insert(newsletter_subscribers)
    .values({ email: subscriber.email, language: subscriber.language })
    .onConflictDoUpdate({
      target: newsletter_subscribers.email,
      set: { unsubscribed_at: null, language: subscriber.language },
    });
}

export async function findByToken(db: DbOrTx, token: string) {
  return firstRow(
    db
      .select({ id: newsletter_subscribers.id, email: newsletter_subscribers.email, unsubscribed_at: newsletter_subscribers.unsubscribed_at })
      .from(newsletter_subscribers)
      .where(eq(newsletter_subscribers.unsubscribe_token, token)),
  );
}

/** Unsubscribes once (the first time counts); a repeat changes nothing. */
export async function unsubscribe(db: DbOrTx, token: string) {
  await db
    .update(newsletter_subscribers)
    .set({ unsubscribed_at: new Date() })
    .where(and(eq(newsletter_subscribers.unsubscribe_token, token), isNull(newsletter_subscribers.unsubscribed_at)));
}

export function activeSubscribers(db: DbOrTx) {
  return db
    .select({ email: newsletter_subscribers.email, language: newsletter_subscribers.language, token: newsletter_subscribers.unsubscribe_token })
    .from(newsletter_subscribers)
    .where(isNull(newsletter_subscribers.unsubscribed_at))
    .orderBy(newsletter_subscribers.id);
}

export async function subscriberCounts(db: DbOrTx) {
  const [active] = await db.select({ n: count() }).from(newsletter_subscribers).where(isNull(newsletter_subscribers.unsubscribed_at));
  const [gone] = await db.select({ n: count() }).from(newsletter_subscribers).where(isNotNull(newsletter_subscribers.unsubscribed_at));
  return { active: Number(active?.n ?? 0), unsubscribed: Number(gone?.n ?? 0) };
}

/** Claims a week: the unique period_start lets exactly one run have it, however many instances try. */
export async function claimRun(db: DbOrTx, period: { period_start: string; period_end: string }) {
  const [row] = await db
    .insert(newsletter_runs)
    .values(period)
    .onConflictDoNothing({ target: newsletter_runs.period_start })
    .returning({ id: newsletter_runs.id });
  return row?.id ?? null;
}

export async function finishRun(db: DbOrTx, id: number, figures: { subscribers: number; listings: number; mails_queued: number }) {
  await db.update(newsletter_runs).set(figures).where(eq(newsletter_runs.id, id));
}

/** Active offerings of approved companies published in [from, to): how many, and the newest `limit` of them. */
export async function weekListings(db: DbOrTx, from: Date, to: Date, limit: number) {
  const where = and(
    eq(materials.kind, 'offering'),
    eq(materials.status, 'active'),
    eq(companies.status, 'approved'),
    gte(materials.created_at, from),
    lt(materials.created_at, to),
  );
  const [rows, [total]] = await Promise.all([
    withListingParts(
      db.select({ id: materials.id, title: materials.title, group: material_groups.name, city: company_addresses.city }).from(materials).$dynamic(),
    )
      .where(where)
      .orderBy(desc(materials.created_at), desc(materials.id))
      .limit(limit),
    db.select({ n: count() }).from(materials).innerJoin(companies, eq(companies.id, materials.company_id)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function listRuns(db: DbOrTx, page: number, size: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: newsletter_runs.id,
        period_start: newsletter_runs.period_start,
        period_end: newsletter_runs.period_end,
        subscribers: newsletter_runs.subscribers,
        listings: newsletter_runs.listings,
        mails_queued: newsletter_runs.mails_queued,
        created_at: newsletter_runs.created_at,
      })
      .from(newsletter_runs)
      .orderBy(desc(newsletter_runs.period_start))
      .limit(size)
      .offset(page * size),
    db.select({ n: sql<number>`count(*)::int` }).from(newsletter_runs),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
