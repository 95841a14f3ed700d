import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, ts, updatedAt } from './_columns';
import { companyId } from './companies';
import { exchanges } from './exchanges';
import { userId, users } from './users';

export const chats = pgTable(
  'chats',
  {
    id: serial().primaryKey(),
    exchange_id: integer().references(() => exchanges.id, { onDelete: 'cascade' }),
    company_a_id: companyId(),
    company_b_id: companyId(),
    last_message_at: ts(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('chats_exchange_unique').on(t.exchange_id),
    index('chats_company_a_idx').on(t.company_a_id, t.last_message_at),
    index('chats_company_b_idx').on(t.company_b_id, t.last_message_at),
  ],
);

export const chat_messages = pgTable(
  'chat_messages',
  {
    id: serial().primaryKey(),
    chat_id: ownedBy(() => chats.id),
    sender_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    sender_company_id: companyId(),
    body: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [index('chat_messages_chat_idx').on(t.chat_id, t.id)],
);

export const chat_attachments = pgTable(
  'chat_attachments',
  {
    id: serial().primaryKey(),
    chat_id: ownedBy(() => chats.id),
    message_id: integer().references(() => chat_messages.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Storage key of a private file: served only to the chat's two companies (and administrators). */
    storage_key: text().notNull(),
    mime_type: text().notNull(),
    size_bytes: integer().notNull(),
    created_at: createdAt(),
  },
  // By key: the file route looks the attachment up to check its reader.
  (t) => [index('chat_attachments_chat_idx').on(t.chat_id), uniqueIndex('chat_attachments_storage_key_unique').on(t.storage_key)],
);

/** Read position per user and chat: unread = messages after it from the other company. */
export const chat_reads = pgTable(
  'chat_reads',
  {
    chat_id: ownedBy(() => chats.id),
    user_id: userId(),
    last_read_message_id: integer().notNull().default(0),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('chat_reads_unique').on(t.chat_id, t.user_id)],
);
