import { useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS } from '@shared/constants/limits';
import { useTRPCClient } from '@/lib/trpc';
import { messagesKey, type MessagesPage } from './cache';
import { toChatMessage } from './chat';

/** A conversation's messages: the newest page first, older pages on demand (`before` the oldest loaded). */
export function useMessages(chatId: number) {
  const client = useTRPCClient();
  return useInfiniteQuery({
    queryKey: messagesKey(chatId),
    queryFn: async ({ pageParam }): Promise<MessagesPage> => {
      const res = await client.chat.get.query({ id: chatId, before: pageParam, size: LIMITS.chatPageSize });
      return { chat: res.chat, items: res.items.map(toChatMessage), has_more: res.has_more };
    },
    initialPageParam: undefined as number | undefined,
    // Items are oldest first: the next (older) page ends before the oldest message of the last one.
    getNextPageParam: (last) => (last.has_more ? last.items[0]?.id : undefined),
  });
}
