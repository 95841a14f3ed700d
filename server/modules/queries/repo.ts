// Help-page queries: written by the help form, read and answered by administrators.
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queries, users } from '../../../drizzle/schema';
import type { Language } from '../../../shared/constants/enums';
import { escapeLike } from '../../../shared/lib/text';
import type { AdminQueriesInput } from '../../../shared/schemas/queries';
import type { DbOrTx } from '../../db/client';
import { firstRow } from '../../db/rows';

export async function insertQuery(
  db: DbOrTx,
  query: { name: string; email: string; subject: string | null; message: string; user_id: number | null; language: Language },
) {
  const [row] = await db.insert(queries).values(query).returning({ id: queries.id });
  return row!;
}

const reader = alias(users, 'reader');
const answerer = alias(users, 'answerer');

const columns = {
  id: queries.id,
  name: queries.name,
  email: queries.email,
  subject: queries.subject,
  message: queries.message,
  language: queries.language,
  user_id: queries.user_id,
  status: queries.status,
  read_at: queries.read_at,
  read_by_email: reader.email,
  answer: queries.answer,
  answered_at: queries.answered_at,
  answered_by_email: answerer.email,
  created_at: queries.created_at,
};

function filters(input: AdminQueriesInput): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (input.status === 'unread') where.push(isNull(queries.read_at));
  if (input.status === 'open' || input.status === 'answered') where.push(eq(queries.status, input.status));
  if (input.q) {
    const p = `%${escapeLike(input.q)}%`;
    where.push(or(ilike(queries.name, p), ilike(queries.email, p), ilike(queries.subject, p), ilike(queries.message, p)));
  }
  return and(...where);
}

/** Unread first (never opened), then newest. */
export async function listQueries(db: DbOrTx, input: AdminQueriesInput) {
  const where = filters(input);
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select(columns)
      .from(queries)
      .leftJoin(reader, eq(reader.id, queries.read_by_user_id))
      .leftJoin(answerer, eq(answerer.id, queries.answered_by_user_id))
      .where(where)
      .orderBy(sql`${queries.read_at} is null desc`, desc(queries.created_at), desc(queries.id))
      .limit(input.size)
      .offset(input.page * input.size),
    db.select({ n: count() }).from(queries).where(where),
    db.select({ n: count() }).from(queries).where(isNull(queries.read_at)),
  ]);
  return { rows, total: Number(total?.n ?? 0), unread: Number(unread?.n ?? 0) };
}

export async function findQuery(db: DbOrTx, id: number) {
  return firstRow(
    db
      .select(columns)
      .from(queries)
      .leftJoin(reader, eq(reader.id, queries.read_by_user_id))
      .leftJoin(answerer, eq(answerer.id, queries.answered_by_user_id))
      .where(eq(queries.id, id))
      .orderBy(asc(queries.id)),
  );
}

/** Marks read (by this administrator, keeping the first reader) or unread; null when nothing changed. */
export async function setRead(db: DbOrTx, id: number, read: boolean, userId: number) {
  const [row] = await db
    .update(queries)
    .set(read ? { read_at: new Date(), read_by_user_id: userId } : { read_at: null, read_by_user_id: null })
    .where(and(eq(queries.id, id), read ? isNull(queries.read_at) : sql`${queries.read_at} is not null`))
    .returning({ id: queries.id, read_at: queries.read_at });
  return row ?? null;
}

/**
 * Answers an open query, once: the conditional update is the claim, so of two administrators answering at the same
 * moment exactly one gets the row back (and only that one queues the mail).
 */
export async function claimAnswer(db: DbOrTx, id: number, userId: number, answer: string | null) {
  const now = new Date();
  const [row] = await db
    .update(queries)
    .set({
      status: 'answered',
      answer,
      answered_at: now,
      answered_by_user_id: userId,
      read_at: sql`coalesce(${queries.read_at}, ${now.toISOString()}::timestamptz)`,
      read_by_user_id: sql`coalesce(${queries.read_by_user_id}, ${userId}::int)`,
    })
    .where(and(eq(queries.id, id), eq(queries.status, 'open')))
    .returning({ id: queries.id, answered_at: queries.answered_at });
  return row ?? null;
}
