// supertest with a user's bearer token, for REST-level integration tests.
import request from 'supertest';
import type { Actor } from '../lib/actor';
import type { TestContext } from './harness';

export function restAs(t: TestContext, actor: Actor) {
  if (actor.kind !== 'user') throw new Error('user actor expected');
  const auth = `Bearer ${t.deps.tokens.signUser({ sub: String(actor.user_id), role: actor.role, company_id: actor.company_id, tv: 0 }, 3600)}`;
  const app = t.app();
  return {
    get: (url: string) => request(app).get(url).set('Authorization', auth),
    post: (url: string) => request(app).post(url).set('Authorization', auth),
    put: (url: string) => request(app).put(url).set('Authorization', auth),
    delete: (url: string) => request(app).delete(url).set('Authorization', auth),
  };
}
