// SPEC §7 Chats, plus the send and seen paths issue 9 pins for external systems.
import { body, params, query, type RestRoute } from '../../rest/define';

export const chatRest: RestRoute[] = [
  { method: 'get', path: '/api/chats', handler: (c, req) => c.chat.list(query(req) as never) },
  { method: 'get', path: '/api/chats/:id', handler: (c, req) => c.chat.get({ ...query(req), id: params(req).id } as never) },
  { method: 'get', path: '/api/chats/:id/attachments', handler: (c, req) => c.chat.attachments({ id: params(req).id } as never) },
  { method: 'post', path: '/api/chats/:id/messages', status: 201, handler: (c, req) => c.chat.send({ ...body(req), id: params(req).id } as never) },
  { method: 'put', path: '/api/chats/:id/seen', handler: (c, req) => c.chat.markSeen({ id: params(req).id } as never) },
];
