// readInput: how a REST request becomes a procedure's input (a `__proto__` key in a JSON body must not
// become the input's prototype, whose fields a schema would then read as if they had been sent).
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../deps';
import { readInput, type RestRoute } from './define';
import { createRestRouter } from './index';

const route = (over: Partial<RestRoute>): RestRoute => ({
  method: 'post',
  path: '/x/:id',
  procedure: 'auth.me' as RestRoute['procedure'],
  status: 200,
  params: {},
  ...over,
});
const req = (body: unknown, query: unknown = {}, params: Record<string, string> = {}) => ({ body, query, params }) as unknown as Request;

describe('readInput', () => {
  it('copies a JSON body key named __proto__ as nothing, leaving the input a plain object', async () => {
    const body = JSON.parse('{"title":"Oak","__proto__":{"company_id":7,"role":"ADMIN"}}') as Record<string, unknown>;
    const input = (await readInput(route({ body: 'rest' }), req(body)))!;
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(input).toEqual({ title: 'Oak' });
    expect((input as { company_id?: unknown }).company_id).toBeUndefined();
    expect((input as { role?: unknown }).role).toBeUndefined();
  });

  it('lets the path win over body and query, and takes named keys only when they are the caller’s own', async () => {
    const input = await readInput(
      route({ body: ['title'], query: 'rest', params: { id: 'id' } }),
      req({ title: 'Oak', extra: 1 }, { page: '2', id: '99' }, { id: '5' }),
    );
    expect(input).toEqual({ title: 'Oak', page: '2', id: '5' });
  });
});

describe('createRestRouter', () => {
  it('refuses, when the routes are built, a route that names no procedure', () => {
    const deps = {} as Deps;
    expect(() => createRestRouter(deps, [route({ path: '/api/x', procedure: 'auth.nothingHere' as RestRoute['procedure'] })])).toThrow(
      'REST route: no procedure at auth.nothingHere',
    );
    expect(() => createRestRouter(deps, [route({ path: '/api/x', procedure: 'auth' as RestRoute['procedure'] })])).toThrow('no procedure at auth');
    expect(() => createRestRouter(deps, [route({ path: '/api/x', procedure: 'auth.me' as RestRoute['procedure'] })])).not.toThrow();
  });
});
