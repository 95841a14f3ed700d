import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addMessage, loadedMessages, messagesKey, setOtherRead, type MessagesPage } from './cache';
import type { ChatMessage } from './chat';

const msg = (id: number, chat_id = 1): ChatMessage => ({
  id,
  chat_id,
  sender_user_id: 1,
  sender_company_id: 1,
  sender_name: null,
  sender_former: false,
  body: `m${id}`,
  created_at: '2026-03-04T10:00:00.000Z',
  attachments: [],
});
const chat = {
  id: 1,
  exchange_id: 1,
  title: 'Pallets',
  read_only: false,
  companies: [],
  other_company: { id: 2, name: 'B', image_url: null },
  other_last_read_message_id: 3,
} as MessagesPage['chat'];

function seeded() {
  const qc = new QueryClient();
  const data: InfiniteData<MessagesPage, number | undefined> = {
    pages: [
      { chat, items: [msg(4), msg(5)], has_more: true },
      { chat, items: [msg(2), msg(3)], has_more: false },
    ],
    pageParams: [undefined, 4],
  };
  qc.setQueryData(messagesKey(1), data);
  const read = () => qc.getQueryData<InfiniteData<MessagesPage, number | undefined>>(messagesKey(1));
  return { qc, read };
}

describe('conversation cache', () => {
  it('adds a live or sent message to the newest page once, and shows all pages oldest first', () => {
    const { qc, read } = seeded();
    addMessage(qc, msg(6));
    addMessage(qc, msg(6));
    expect(read()!.pages[0]!.items.map((m) => m.id)).toEqual([4, 5, 6]);
    expect(loadedMessages(read()).map((m) => m.id)).toEqual([2, 3, 4, 5, 6]);
  });

  it('ignores messages of conversations that are not loaded', () => {
    const { qc, read } = seeded();
    addMessage(qc, msg(7, 2));
    expect(qc.getQueryData(messagesKey(2))).toBeUndefined();
    expect(loadedMessages(read()).map((m) => m.id)).toEqual([2, 3, 4, 5]);
  });

  it("moves the other company's read position forward only", () => {
    const { qc, read } = seeded();
    setOtherRead(qc, 1, 5);
    expect(read()!.pages[0]!.chat.other_last_read_message_id).toBe(5);
    setOtherRead(qc, 1, 4);
    expect(read()!.pages[0]!.chat.other_last_read_message_id).toBe(5);
  });
});
