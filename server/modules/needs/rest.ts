// The needs paths (wanted listings), each calling the tRPC procedure the client uses.
import { del, get, postCreated, put } from '../../rest/define';

export const needsRest = [
  get('/api/v2/needs', 'needs.search', { query: 'rest', summary: 'Open needs of other companies near the caller' }),
  get('/api/needs', 'needs.mine', { query: 'rest', summary: "The own company's needs, newest first, paged" }),
  postCreated('/api/needs', 'needs.create', { body: 'rest', summary: 'Create a need (wanted listing)' }),
  get('/api/needs/:id', 'needs.get', { summary: 'One need with its matches' }),
  put('/api/needs/:id', 'needs.update', { body: 'rest', summary: 'Edit an own need' }),
  del('/api/needs/:id', 'needs.delete', { summary: 'Delete an own need' }),
  postCreated('/api/needs/:id/answers', 'needs.answer', {
    body: ['material_id', 'message'],
    summary: "Answer another company's open need with one of the own listings",
  }),
];
