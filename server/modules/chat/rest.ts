// SPEC §7 Chats, plus the send and seen paths external systems call.
import { route } from '../../rest/define';

export const chatRest = [
  route({
    method: 'get',
    path: '/api/chats',
    procedure: 'chat.list',
    query: 'rest',
    summary: 'The company’s chats with the other company, last message and unread count',
  }),
  route({
    method: 'get',
    path: '/api/chats/:id',
    procedure: 'chat.get',
    params: { id: 'id' },
    query: 'rest',
    summary: 'A chat and its messages, newest last; before=<message id> pages back',
  }),
  route({
    method: 'get',
    path: '/api/chats/:id/attachments',
    procedure: 'chat.attachments',
    params: { id: 'id' },
    summary: 'Every file sent in the chat',
  }),
  route({
    method: 'post',
    path: '/api/chats/:id/messages',
    procedure: 'chat.send',
    status: 201,
    params: { id: 'id' },
    body: 'rest',
    summary: 'Send a message (1-250 characters) with optional attachments [{name, body}]',
  }),
  route({
    method: 'put',
    path: '/api/chats/:id/seen',
    procedure: 'chat.markSeen',
    params: { id: 'id' },
    summary: 'Mark the chat read up to its newest message',
  }),
];
