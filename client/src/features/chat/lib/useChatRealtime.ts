// Live chat on /messages: a `message` frame joins its loaded conversation and refreshes the list (order,
// preview, unread); `messageSeen` moves the other company's read receipt or, for our own reads, the unread
// counts; a synergy notification (the other company ended it) refetches, so the chat turns read-only live;
// after a reconnect (or a frame too large to push) everything chat-related is fetched again.
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeReconnect } from '@/hooks/useRealtime';
import { useTRPC } from '@/lib/trpc';
import { addMessage, MESSAGES_KEY, setOtherRead } from './cache';
import { toChatMessage } from './chat';

export function useChatRealtime(ownCompanyId: number) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const refetchAll = () => {
    void qc.invalidateQueries(trpc.chat.pathFilter());
    void qc.invalidateQueries({ queryKey: MESSAGES_KEY });
  };

  useRealtimeEvent('message', (data) => {
    addMessage(qc, toChatMessage(data));
    void qc.invalidateQueries(trpc.chat.list.pathFilter());
    if (data.attachments.length) void qc.invalidateQueries(trpc.chat.attachments.queryFilter({ id: data.chat_id }));
  });
  useRealtimeEvent('messageSeen', (data) => {
    if (data.company_id !== ownCompanyId) setOtherRead(qc, data.chat_id, data.last_read_message_id);
    else void qc.invalidateQueries(trpc.chat.list.pathFilter());
  });
  useRealtimeEvent('resync', (data) => {
    if (data.event === 'message' || data.event === 'messageSeen' || data.event === 'newNotification') refetchAll();
  });
  // The other company ended (or rated) the synergy: its chat turns read-only without a reload.
  useRealtimeEvent('newNotification', (n) => {
    if (n.type === 'synergies') refetchAll();
  });
  useRealtimeReconnect(refetchAll);
}
