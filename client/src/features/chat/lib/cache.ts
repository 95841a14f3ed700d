// The open conversations' messages in the query cache: pages from chat.get (newest page first, paged back
// with `before`), into which live frames and our own sent messages are merged without a refetch.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { RouterOutputs } from '@/lib/types';
import { mergeMessages, type ChatMessage } from './chat';

type ChatView = RouterOutputs['chat']['get']['chat'];
export interface MessagesPage {
  chat: ChatView;
  items: ChatMessage[];
  has_more: boolean;
}
type Data = InfiniteData<MessagesPage, number | undefined>;

/** Every conversation's cache entry starts with this, so a reconnect can refetch them all at once. */
export const MESSAGES_KEY = ['chat', 'messages'] as const;
export const messagesKey = (chatId: number) => [...MESSAGES_KEY, chatId] as const;

/** All loaded messages, oldest first. */
export const loadedMessages = (data: InfiniteData<MessagesPage, unknown> | undefined) =>
  data ? mergeMessages(...data.pages.map((p) => p.items)) : [];

function patchNewest(qc: QueryClient, chatId: number, patch: (page: MessagesPage) => MessagesPage) {
  qc.setQueryData<Data>(messagesKey(chatId), (old) => {
    const [newest, ...rest] = old?.pages ?? [];
    return old && newest ? { ...old, pages: [patch(newest), ...rest] } : old;
  });
}

/** A message that arrived live or that we sent, added to its conversation if that is loaded. */
export function addMessage(qc: QueryClient, message: ChatMessage) {
  patchNewest(qc, message.chat_id, (page) => ({ ...page, items: mergeMessages(page.items, [message]) }));
}

/** The other company has read up to a message (never moves back). */
export function setOtherRead(qc: QueryClient, chatId: number, messageId: number) {
  patchNewest(qc, chatId, (page) => ({
    ...page,
    chat: { ...page.chat, other_last_read_message_id: Math.max(page.chat.other_last_read_message_id ?? 0, messageId) },
  }));
}
