// The needs paths (wanted listings), each calling the tRPC procedure the client uses.
import { route } from '../../rest/define';

export const needsRest = [
  route({ method: 'get', path: '/api/v2/needs', procedure: 'needs.search', query: 'rest', summary: 'Open needs of other companies near the caller' }),
  route({ method: 'get', path: '/api/needs', procedure: 'needs.mine', query: 'rest', summary: "The own company's needs, newest first, paged" }),
  route({ method: 'post', path: '/api/needs', procedure: 'needs.create', status: 201, body: 'rest', summary: 'Create a need (wanted listing)' }),
  route({ method: 'get', path: '/api/needs/:id', procedure: 'needs.get', params: { id: 'id' }, summary: 'One need with its matches' }),
  route({ method: 'put', path: '/api/needs/:id', procedure: 'needs.update', params: { id: 'id' }, body: 'rest', summary: 'Edit an own need' }),
  route({ method: 'delete', path: '/api/needs/:id', procedure: 'needs.delete', params: { id: 'id' }, summary: 'Delete an own need' }),
  route({
    method: 'post',
    path: '/api/needs/:id/answers',
    procedure: 'needs.answer',
    status: 201,
    params: { id: 'id' },
    body: ['material_id', 'message'],
    summary: "Answer another company's open need with one of the own listings",
  }),
];
