// SPEC §7 Chats, plus the send and seen paths external systems call.
import { get, postCreated, put } from '../../rest/define';

export const chatRest = [
  get('/api/chats', 'chat.list', { query: 'rest', summary: 'The company’s chats with the other company, last message and unread count' }),
  get('/api/chats/:id', 'chat.get', { query: 'rest', summary: 'A chat and its messages, newest last; before=<message id> pages back' }),
  get('/api/chats/:id/attachments', 'chat.attachments', { summary: 'Every file sent in the chat' }),
  postCreated('/api/chats/:id/messages', 'chat.send', {
    body: 'rest',
    summary: 'Send a message (1-250 characters) with optional attachments [{name, body}]',
  }),
  put('/api/chats/:id/seen', 'chat.markSeen', { summary: 'Mark the chat read up to its newest message' }),
];
