// Notification rows and the counters of the bar's dots. Every read is scoped to one user.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import { chat_messages, chat_reads, chats, materials, notifications, offers, users } from '../../../drizzle/schema';
import type { NotificationType } from '../../../shared/constants/enums';
import type { MessageParams } from '../../../shared/messages';
import type { DbOrTx, Tx } from '../../db/client';
import { notifyInTx } from '../../db/notify';
import { preparedOn } from '../../db/prepared';

const columns = {
  id: notifications.id,
  user_id: notifications.user_id,
  type: notifications.type,
  code: notifications.code,
  params: notifications.params,
  link: notifications.link,
  seen: notifications.seen,
  created_at: notifications.created_at,
};
export type NotificationRow = {
  id: number;
  user_id: number;
  type: NotificationType;
  code: string;
  params: MessageParams;
  link: string | null;
  seen: boolean;
  created_at: Date;
};

/** Many notifications in one statement per 1,000 rows; ids in input order. */
export async function insertRows(
  db: DbOrTx,
  rows: readonly { user_id: number; type: NotificationType; code: string; params: MessageParams; link: string | null }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const out = await db
      .insert(notifications)
      .values(rows.slice(i, i + 1000) as (typeof notifications.$inferInsert)[])
      .returning({ id: notifications.id });
    ids.push(...out.map((r) => r.id));
  }
  return ids;
}

export function findByIds(db: DbOrTx, ids: number[]): Promise<NotificationRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select(columns).from(notifications).where(inArray(notifications.id, ids)).orderBy(notifications.id);
}

/**
 * Newest first; the id breaks ties between rows written in one transaction. The page's ids come from the
 * (user_id, created_at, id) index alone (index-only scans); only the page's rows are read from the table.
 * `total` (the user's count, counted once in the same statement) also picks the end to page from: a page in
 * the newer half skips its offset from the newest, a page in the older half skips from the oldest (reading
 * upwards, then sorted newest first), so no page skips more than half the user's notifications (10k: the last
 * page skipped 9,992 index entries, 0.9 ms, and now none). `total` is null only when the page is past the end.
 */
export function pageQuery(db: DbOrTx, userId: Ref, size: number | Placeholder, offset: number | Placeholder) {
  const mine = eq(notifications.user_id, userId);
  const counted = db.$with('notification_total').as(
    db
      .select({ n: count().as('n') })
      .from(notifications)
      .where(mine),
  );
  const n = sql`(select n from ${counted})`;
  // Which half the page's middle falls in: 2 * offset + size <= total puts it in the newer half.
  const newer = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(mine, sql`2 * ${offset}::int + ${size}::int <= ${n}`))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(size)
    .offset(offset);
  const older = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(mine, sql`2 * ${offset}::int + ${size}::int > ${n}`))
    .orderBy(asc(notifications.created_at), asc(notifications.id))
    .limit(sql`greatest(0, least(${size}::int, ${n} - ${offset}::int))` as unknown as number)
    .offset(sql`greatest(0, ${n} - ${offset}::int - ${size}::int)` as unknown as number);
  return db
    .with(counted)
    .select({ ...columns, total: sql<number>`${n}`.mapWith(Number) })
    .from(notifications)
    .where(and(mine, sql`${notifications.id} in ((${newer}) union all (${older}))`))
    .orderBy(desc(notifications.created_at), desc(notifications.id));
}

/** The page as a prepared statement (server/db/prepared.ts): the notifications menu pages through it. */
const pageStatement = (db: DbOrTx) =>
  pageQuery(db, sql.placeholder('user_id'), sql.placeholder('size'), sql.placeholder('offset')).prepare('notifications_page');

export async function page(db: DbOrTx, userId: number, page: number, size: number): Promise<{ rows: NotificationRow[]; total: number | null }> {
  const rows = await preparedOn(db, 'notifications_page', pageStatement).execute({ user_id: userId, size, offset: page * size });
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? null };
}

export async function countFor(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(eq(notifications.user_id, userId));
  return row?.n ?? 0;
}

export async function unseenCounts(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  if (userIds.length === 1) {
    // One user (the bell's badge, after every read/delete): a prepared statement.
    const [row] = await preparedOn(db, 'notifications_unseen', unseenStatement).execute({ user_id: userIds[0] });
    return new Map([[userIds[0]!, Number(row?.n ?? 0)]]);
  }
  const rows = await db
    .select({ user_id: notifications.user_id, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.user_id, userIds), eq(notifications.seen, false)))
    .groupBy(notifications.user_id);
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}
const unseenStatement = (db: DbOrTx) => unseenQuery(db, sql.placeholder('user_id')).prepare('notifications_unseen');

/** Sets `seen` on the user's own rows among `ids`; returns the ids that changed. */
export async function setSeen(db: DbOrTx, userId: number, ids: number[], seen: boolean): Promise<number[]> {
  const rows = await db
    .update(notifications)
    .set({ seen })
    .where(and(eq(notifications.user_id, userId), inArray(notifications.id, ids), ne(notifications.seen, seen)))
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

export async function remove(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Recipients among these users who keep activity mails on. */
/** Recipients among these users who keep this kind of mail on. */
export function mailRecipients(db: DbOrTx, userIds: number[], preference: 'activity' | 'new_listings') {
  if (!userIds.length) return Promise.resolve([]);
  const column = preference === 'activity' ? users.email_notifications_activity : users.email_notifications_new_listings;
  return db
    .select({ id: users.id, email: users.email, first_name: users.first_name, language: users.language })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(column, true), isNull(users.deleted_at), isNull(users.disabled_at)));
}

// The bar's counters as scalar subqueries; the user and company are values or the outer `users` row's columns.
type Ref = number | SQLWrapper;

function unseenQuery(db: DbOrTx, userId: Ref) {
  return db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.seen, false)));
}

/** Messages from the other company after the user's read position, over all the company's chats. */
function unreadMessagesQuery(db: DbOrTx, userId: Ref, companyId: Ref) {
  return db
    .select({ n: count() })
    .from(chat_messages)
    .innerJoin(chats, eq(chats.id, chat_messages.chat_id))
    .leftJoin(chat_reads, and(eq(chat_reads.chat_id, chats.id), eq(chat_reads.user_id, userId)))
    .where(
      and(
        or(eq(chats.company_a_id, companyId), eq(chats.company_b_id, companyId)),
        ne(chat_messages.sender_company_id, companyId),
        gt(chat_messages.id, sql`coalesce(${chat_reads.last_read_message_id}, 0)`),
      ),
    );
}

/** Open offers waiting for the company's move: on its listings after the offerer's move, or its own after a counter. */
function pendingOffersQuery(db: DbOrTx, companyId: Ref) {
  return db
    .select({ n: count() })
    .from(offers)
    .innerJoin(materials, eq(materials.id, offers.material_id))
    .where(
      and(
        inArray(offers.status, ['pending', 'countered']),
        or(
          and(eq(materials.company_id, companyId), eq(offers.last_move_by, 'offerer')),
          and(eq(offers.company_id, companyId), eq(offers.last_move_by, 'owner')),
        ),
      ),
    );
}

const countersOf = (db: DbOrTx, userId: Ref, companyId: Ref) => ({
  unseen_notifications: sql<number>`(${unseenQuery(db, userId)})`.mapWith(Number),
  unread_messages: sql<number>`(${unreadMessagesQuery(db, userId, companyId)})`.mapWith(Number),
  pending_offers: sql<number>`(${pendingOffersQuery(db, companyId)})`.mapWith(Number),
});

/** The bar's three counters of a company user acting for `companyId`, in one prepared statement (one round trip). */
export function counters(db: DbOrTx, userId: number, companyId: number) {
  return preparedOn(db, 'notifications_counters', countersStatement).execute({ user_id: userId, company_id: companyId });
}
/** The statement behind `counters` (its SQL is what scripts/bench/notifications.ts explains). */
export function countersQuery(db: DbOrTx, userId: Ref, companyId: Ref) {
  return db
    .select(countersOf(db, userId, companyId))
    .from(users)
    .where(eq(users.id, userId));
}
const countersStatement = (db: DbOrTx) =>
  countersQuery(db, sql.placeholder('user_id'), sql.placeholder('company_id')).prepare('notifications_counters');

/** The counters of these users that belong to a company (administrators and unknown ids have none), in one query. */
export function countersOfUsers(db: DbOrTx, userIds: readonly number[]) {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .select({ user_id: users.id, ...countersOf(db, users.id, users.company_id) })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), isNotNull(users.company_id), ne(users.role, 'ADMIN')));
}

/**
 * What the publisher is told after commit: new notification ids (`n`), users whose counters changed (`c`), and
 * companies all of whose users' counters changed (`k`: a chat message), pushed to those connected.
 */
export interface PushRequest {
  n?: number[];
  c?: number[];
  k?: number[];
}
export const NOTIFICATIONS_CHANNEL = 'synergy_notifications';
// Postgres refuses NOTIFY payloads of 8000 bytes or more; an id takes at most 11 characters and a comma.
const IDS_PER_PAYLOAD = 600;

/** A NOTIFY in the caller's transaction: delivered to every instance's publisher on commit, never on rollback. */
export async function queuePush(tx: Tx, request: PushRequest): Promise<void> {
  for (const key of ['n', 'c', 'k'] as const) {
    const ids = request[key] ?? [];
    for (let i = 0; i < ids.length; i += IDS_PER_PAYLOAD) {
      await notifyInTx(tx, NOTIFICATIONS_CHANNEL, JSON.stringify({ [key]: ids.slice(i, i + IDS_PER_PAYLOAD) }));
    }
  }
}
