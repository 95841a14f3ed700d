// Chat data access: `fn(db | tx, params)`, explicit columns, no authorization (the caller decides).
import { aliasedTable, and, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { chat_attachments, chat_messages, chat_reads, chats, companies, exchanges, users } from '../../../drizzle/schema';
import type { DbOrTx } from '../../db/client';
import { firstRow } from '../../db/rows';

/** An attachment by its storage key, with the chat's two companies. */
export async function findAttachmentByKey(db: DbOrTx, storageKey: string) {
  return firstRow(
    db
      .select({ name: chat_attachments.name, company_a_id: chats.company_a_id, company_b_id: chats.company_b_id })
      .from(chat_attachments)
      .innerJoin(chats, eq(chats.id, chat_attachments.chat_id))
      .where(eq(chat_attachments.storage_key, storageKey)),
  );
}

export async function insertChat(tx: DbOrTx, values: { exchange_id: number; company_a_id: number; company_b_id: number }) {
  const [row] = await tx.insert(chats).values(values).returning({ id: chats.id });
  return row!.id;
}

/** A chat with its synergy's state, title and the two companies. */
export async function findChat(db: DbOrTx, id: number) {
  return firstRow(
    db
      .select({
        id: chats.id,
        exchange_id: chats.exchange_id,
        company_a_id: chats.company_a_id,
        company_b_id: chats.company_b_id,
        level_of_completion: exchanges.level_of_completion,
        title: exchanges.item_requested,
      })
      .from(chats)
      .leftJoin(exchanges, eq(exchanges.id, chats.exchange_id))
      .where(eq(chats.id, id)),
  );
}

/** The two companies' names and logos. */
export async function companyNames(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, { name: string; image_key: string | null }>();
  const rows = await db
    .select({ id: companies.id, name: companies.name, image_key: companies.image_key })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, image_key: r.image_key }]));
}

const other = aliasedTable(companies, 'other');
const last = aliasedTable(chat_messages, 'last');

/** The company's chats, most recent activity first, each with the other company, the last message and unread count for the user. */
export function chatsPage(db: DbOrTx, companyId: number, userId: number, page: number, size: number) {
  const otherId = sql<number>`case when ${chats.company_a_id} = ${companyId} then ${chats.company_b_id} else ${chats.company_a_id} end`;
  return db
    .select({
      id: chats.id,
      exchange_id: chats.exchange_id,
      title: exchanges.item_requested,
      level_of_completion: exchanges.level_of_completion,
      last_message_at: chats.last_message_at,
      created_at: chats.created_at,
      other_company_id: other.id,
      other_company_name: other.name,
      other_company_image_key: other.image_key,
      last_message_id: last.id,
      last_message_body: last.body,
      last_message_sender_company_id: last.sender_company_id,
      last_message_created_at: last.created_at,
      unread: sql<number>`(
        select count(*)::int from ${chat_messages} m
        where m.chat_id = ${chats.id} and m.sender_company_id <> ${companyId}
          and m.id > coalesce((select r.last_read_message_id from ${chat_reads} r where r.chat_id = ${chats.id} and r.user_id = ${userId}), 0)
      )`,
    })
    .from(chats)
    .innerJoin(other, eq(other.id, otherId))
    .leftJoin(exchanges, eq(exchanges.id, chats.exchange_id))
    .leftJoin(last, eq(last.id, sql`(select max(m2.id) from ${chat_messages} m2 where m2.chat_id = ${chats.id})`))
    .where(or(eq(chats.company_a_id, companyId), eq(chats.company_b_id, companyId)))
    .orderBy(desc(sql`coalesce(${chats.last_message_at}, ${chats.created_at})`), desc(chats.id))
    .limit(size)
    .offset(page * size);
}

export async function countChats(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(chats)
    .where(or(eq(chats.company_a_id, companyId), eq(chats.company_b_id, companyId)));
  return row?.n ?? 0;
}

/** Up to `size` messages before `before` (or the newest), returned oldest first. */
export async function messagesPage(db: DbOrTx, chatId: number, before: number | undefined, size: number) {
  const rows = await db
    .select({
      id: chat_messages.id,
      chat_id: chat_messages.chat_id,
      sender_user_id: chat_messages.sender_user_id,
      sender_company_id: chat_messages.sender_company_id,
      sender_first_name: users.first_name,
      sender_last_name: users.last_name,
      /** The sender has since been removed from their company (docs/decisions/0060). */
      sender_former: sql<boolean>`coalesce(${users.deleted_at} is not null, false)`,
      body: chat_messages.body,
      created_at: chat_messages.created_at,
    })
    .from(chat_messages)
    .leftJoin(users, eq(users.id, chat_messages.sender_user_id))
    .where(and(eq(chat_messages.chat_id, chatId), before ? lt(chat_messages.id, before) : undefined))
    .orderBy(desc(chat_messages.id))
    .limit(size + 1);
  const has_more = rows.length > size;
  return { rows: rows.slice(0, size).reverse(), has_more };
}

export function attachmentsOf(db: DbOrTx, chatId: number, messageIds?: number[]) {
  if (messageIds && !messageIds.length) return Promise.resolve([]);
  return db
    .select({
      id: chat_attachments.id,
      message_id: chat_attachments.message_id,
      name: chat_attachments.name,
      storage_key: chat_attachments.storage_key,
      mime_type: chat_attachments.mime_type,
      size_bytes: chat_attachments.size_bytes,
      created_at: chat_attachments.created_at,
    })
    .from(chat_attachments)
    .where(and(eq(chat_attachments.chat_id, chatId), messageIds ? inArray(chat_attachments.message_id, messageIds) : undefined))
    .orderBy(desc(chat_attachments.id));
}

/**
 * Writes a message in one statement (one round trip on the send path): the message, the chat's last activity,
 * and the sender's read position moved up to it (the sender has read their own message). Returns the message's
 * id and time with the sender's name.
 */
export async function insertMessage(tx: DbOrTx, values: { chat_id: number; sender_user_id: number; sender_company_id: number; body: string }) {
  const message = tx
    .$with('message')
    .as(tx.insert(chat_messages).values(values).returning({ id: chat_messages.id, created_at: chat_messages.created_at }));
  const activity = tx.$with('activity').as(
    tx
      .update(chats)
      .set({ last_message_at: sql`(select ${message.created_at} from ${message})` })
      .where(eq(chats.id, values.chat_id))
      .returning({ id: chats.id }),
  );
  const read = tx.$with('read').as(
    tx
      .insert(chat_reads)
      .select(
        tx
          .select({
            chat_id: sql<number>`${values.chat_id}::int`.as('chat_id'),
            user_id: sql<number>`${values.sender_user_id}::int`.as('user_id'),
            last_read_message_id: message.id,
            updated_at: sql<Date>`now()`.as('updated_at'),
          })
          .from(message),
      )
      .onConflictDoUpdate({
        target: [chat_reads.chat_id, chat_reads.user_id],
        set: { last_read_message_id: sql`excluded.last_read_message_id`, updated_at: sql`now()` },
        setWhere: lt(chat_reads.last_read_message_id, sql`excluded.last_read_message_id`),
      })
      .returning({ chat_id: chat_reads.chat_id }),
  );
  const [row] = await tx
    .with(message, activity, read)
    .select({ id: message.id, created_at: message.created_at, first_name: users.first_name, last_name: users.last_name })
    .from(message)
    .leftJoin(users, eq(users.id, values.sender_user_id));
  return row!;
}

export async function insertAttachments(
  tx: DbOrTx,
  rows: { chat_id: number; message_id: number; name: string; storage_key: string; mime_type: string; size_bytes: number }[],
) {
  if (!rows.length) return [];
  return tx.insert(chat_attachments).values(rows).returning({
    id: chat_attachments.id,
    name: chat_attachments.name,
    storage_key: chat_attachments.storage_key,
    mime_type: chat_attachments.mime_type,
    size_bytes: chat_attachments.size_bytes,
  });
}

export async function latestMessageId(db: DbOrTx, chatId: number) {
  const [row] = await db
    .select({ id: sql<number | null>`max(${chat_messages.id})` })
    .from(chat_messages)
    .where(eq(chat_messages.chat_id, chatId));
  return row?.id ?? null;
}

/** Moves the user's read position forward (never back); returns whether it moved. */
export async function markRead(tx: DbOrTx, chatId: number, userId: number, messageId: number) {
  const rows = await tx
    .insert(chat_reads)
    .values({ chat_id: chatId, user_id: userId, last_read_message_id: messageId })
    .onConflictDoUpdate({
      target: [chat_reads.chat_id, chat_reads.user_id],
      set: { last_read_message_id: messageId, updated_at: sql`now()` },
      setWhere: lt(chat_reads.last_read_message_id, messageId),
    })
    .returning({ id: chat_reads.chat_id });
  return rows.length > 0;
}

/** How far the given company's users have read: the furthest position among them (read receipts). */
export async function companyReadPosition(db: DbOrTx, chatId: number, companyId: number) {
  const [row] = await db
    .select({ id: sql<number | null>`max(${chat_reads.last_read_message_id})` })
    .from(chat_reads)
    .innerJoin(users, eq(users.id, chat_reads.user_id))
    .where(and(eq(chat_reads.chat_id, chatId), eq(users.company_id, companyId)));
  return row?.id ?? 0;
}

/** Share-locks the chat's synergy: messages may be sent side by side, but not across its end (which locks for update). */
export async function lockExchangeForChat(tx: DbOrTx, exchangeId: number) {
  const [row] = await tx
    .select({ level_of_completion: exchanges.level_of_completion })
    .from(exchanges)
    .where(eq(exchanges.id, exchangeId))
    .for('share');
  return row ?? null;
}
