// Chats: one per synergy, between its two companies. Messages are persisted before anything is pushed
// (the push is a domain event delivered on commit), so an acknowledged message survives a restart.
// A completed synergy's chat is read-only. Attachments are private files (folder `chat`, files.ts).
import { LIMITS } from '../../../shared/constants/limits';
import { canExchange } from '../../../shared/machines/exchange';
import { pageOf } from '../../../shared/schemas/_primitives';
import type { ChatAttachmentInput, ChatMessagesInput, SendMessageInput } from '../../../shared/schemas/chat';
import type { ChatMessagePayload } from '../../../shared/ws-events';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { CompanyActor, UserActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
import { removeStoredFiles, storeAllOrNone } from '../../lib/uploads';
import * as repo from './repo';

type ChatRow = NonNullable<Awaited<ReturnType<typeof repo.findChat>>>;

const isMember = (chat: ChatRow, companyId: number | null) =>
  companyId !== null && (chat.company_a_id === companyId || chat.company_b_id === companyId);
const otherOf = (chat: ChatRow, companyId: number | null) => (chat.company_a_id === companyId ? chat.company_b_id : chat.company_a_id);
const readOnly = (chat: ChatRow) => chat.level_of_completion !== null && !canExchange(chat.level_of_completion, 'chat');

/** A chat for one of its two companies or an administrator (read-only); anyone else gets 404. */
async function load(db: Deps['db'] | Tx, actor: UserActor, id: number) {
  const chat = await repo.findChat(db, id);
  if (!chat || (!isMember(chat, actor.company_id) && actor.role !== 'ADMIN')) throw new AppError('NOT_FOUND');
  return chat;
}

type Attachment = Awaited<ReturnType<typeof repo.attachmentsOf>>[number];
const attachmentView = (a: Pick<Attachment, 'id' | 'name' | 'storage_key' | 'mime_type' | 'size_bytes'>) => ({
  id: a.id,
  name: a.name,
  url: fileUrl(a.storage_key),
  mime_type: a.mime_type,
  size_bytes: a.size_bytes,
});

/** Opens the chat of a new synergy, in the transaction that starts it. */
export async function openForExchange(tx: Tx, input: { exchange_id: number; company_ids: [number, number] }) {
  return repo.insertChat(tx, { exchange_id: input.exchange_id, company_a_id: input.company_ids[0], company_b_id: input.company_ids[1] });
}

/** GET api/chats: the company's chats, latest activity first, with the other company, last message and unread count. */
export async function listChats(deps: Deps, actor: CompanyActor, input: { page: number; size: number }) {
  const [rows, total] = await Promise.all([
    repo.chatsPage(deps.db, actor.company_id, actor.user_id, input.page, input.size),
    repo.countChats(deps.db, actor.company_id),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    exchange_id: r.exchange_id,
    title: r.title,
    other_company: { id: r.other_company_id, name: r.other_company_name, image_url: fileUrl(r.other_company_image_key) },
    last_message:
      r.last_message_id === null
        ? null
        : {
            id: r.last_message_id,
            body: r.last_message_body!,
            sender_company_id: r.last_message_sender_company_id!,
            created_at: r.last_message_created_at!,
          },
    unread: r.unread,
    read_only: r.level_of_completion === 'COMPLETED',
    last_activity_at: r.last_message_at ?? r.created_at,
  }));
  return pageOf(items, total, input.page, input.size);
}

/** GET api/chats/{id}: the chat and a page of messages, newest last; `before` pages back through older ones. */
export async function getChat(deps: Deps, actor: UserActor, input: ChatMessagesInput) {
  const chat = await load(deps.db, actor, input.id);
  const { rows, has_more } = await repo.messagesPage(deps.db, chat.id, input.before, input.size);
  const attachments = await repo.attachmentsOf(
    deps.db,
    chat.id,
    rows.map((r) => r.id),
  );
  const member = isMember(chat, actor.company_id);
  const viewer = member ? actor.company_id! : chat.company_a_id;
  const other = otherOf(chat, viewer);
  const names = await repo.companyNames(deps.db, [chat.company_a_id, chat.company_b_id]);
  return {
    chat: {
      id: chat.id,
      exchange_id: chat.exchange_id,
      title: chat.title,
      read_only: readOnly(chat) || !member,
      companies: [chat.company_a_id, chat.company_b_id].map((id) => ({ id, name: names.get(id)?.name ?? '' })),
      other_company: { id: other, name: names.get(other)?.name ?? '', image_url: fileUrl(names.get(other)?.image_key ?? null) },
      /** Read receipts: the newest message the other company has read. */
      other_last_read_message_id: member ? await repo.companyReadPosition(deps.db, chat.id, other) : null,
    },
    items: rows.map((r) => ({
      ...r,
      attachments: attachments.filter((a) => a.message_id === r.id).map(attachmentView),
    })),
    has_more,
  };
}

/** GET api/chats/{id}/attachments: every file sent in the chat, newest first. */
export async function listAttachments(deps: Deps, actor: UserActor, input: { id: number }) {
  const chat = await load(deps.db, actor, input.id);
  const rows = await repo.attachmentsOf(deps.db, chat.id);
  return { items: rows.map((a) => ({ ...attachmentView(a), message_id: a.message_id, created_at: a.created_at })) };
}

/** A refused attachment is an error on its own field, saying what is wrong with it. */
const storeAttachments = (deps: Deps, attachments: ChatAttachmentInput[]) =>
  storeAllOrNone(deps, attachments, { folder: 'chat', kind: 'document', maxBytes: LIMITS.chatAttachmentBytes }, (err, i) => {
    if (err.code === 'UNSUPPORTED_MEDIA_TYPE') return new AppError(err.code, { fields: { [`attachments.${i}`]: { code: 'chat.attachmentType' } } });
    if (err.code === 'PAYLOAD_TOO_LARGE')
      return new AppError(err.code, {
        fields: { [`attachments.${i}`]: { code: 'chat.attachmentTooLarge', params: { mb: LIMITS.chatAttachmentBytes / (1024 * 1024) } } },
      });
    return undefined;
  });

/**
 * Sends a message (and its attachments) as the caller's company. The synergy row is share-locked, so a
 * message and the synergy's end cannot cross: once it has ended, sending answers 409 and writes nothing.
 */
export async function sendMessage(deps: Deps, actor: CompanyActor, input: SendMessageInput) {
  const chat = await load(deps.db, actor, input.id);
  if (!isMember(chat, actor.company_id)) throw new AppError('NOT_FOUND');
  if (readOnly(chat)) throw new AppError('CONFLICT', { message: { code: 'chat.readOnly' } });
  const files = await storeAttachments(deps, input.attachments);
  try {
    return await deps.db.transaction(async (tx) => {
      // Sent together (one round trip), run in this order: the insert waits for the share lock, and if the
      // synergy has ended by then the whole transaction rolls back, message included.
      const [exchange, row] = await Promise.all([
        chat.exchange_id === null ? null : repo.lockExchangeForChat(tx, chat.exchange_id),
        repo.insertMessage(tx, { chat_id: chat.id, sender_user_id: actor.user_id, sender_company_id: actor.company_id, body: input.message }),
      ]);
      if (exchange && !canExchange(exchange.level_of_completion, 'chat')) throw new AppError('CONFLICT', { message: { code: 'chat.readOnly' } });
      const attachments = await repo.insertAttachments(
        tx,
        files.map((f) => ({
          chat_id: chat.id,
          message_id: row.id,
          name: f.name,
          storage_key: f.key,
          mime_type: f.mime_type,
          size_bytes: f.size_bytes,
        })),
      );
      const message: ChatMessagePayload = {
        id: row.id,
        chat_id: chat.id,
        sender_user_id: actor.user_id,
        sender_company_id: actor.company_id,
        sender_first_name: row.first_name,
        sender_last_name: row.last_name,
        body: input.message,
        created_at: new Date(row.created_at).toISOString(),
        attachments: attachments.map(attachmentView),
      };
      await deps.events.emit(tx, 'chat.messageSent', { chat_id: chat.id, company_ids: [chat.company_a_id, chat.company_b_id], message });
      return message;
    });
  } catch (err) {
    await removeStoredFiles(
      deps,
      files.map((f) => f.key),
    );
    throw err;
  }
}

/** PUT api/chats/{id}/seen: the caller has read the chat up to its newest message. */
export async function markSeen(deps: Deps, actor: CompanyActor, input: { id: number }) {
  const chat = await load(deps.db, actor, input.id);
  if (!isMember(chat, actor.company_id)) throw new AppError('NOT_FOUND');
  const latest = await repo.latestMessageId(deps.db, chat.id);
  if (latest === null) return { chat_id: chat.id, last_read_message_id: 0 };
  const seen_at = new Date().toISOString();
  await deps.db.transaction(async (tx) => {
    if (!(await repo.markRead(tx, chat.id, actor.user_id, latest))) return;
    await deps.events.emit(tx, 'chat.read', {
      chat_id: chat.id,
      user_id: actor.user_id,
      company_id: actor.company_id,
      other_company_id: otherOf(chat, actor.company_id),
      last_read_message_id: latest,
      seen_at,
    });
  });
  return { chat_id: chat.id, last_read_message_id: latest };
}
