// supertest for REST-level integration tests. Every JSON 2xx answer of a REST route is checked against the
// response schema the OpenAPI document gives it, so each test that calls the REST API also checks that the
// document describes what the server really sends.
import supertest, { type Test } from 'supertest';
import type { Role } from '../../shared/constants/enums';
import type { Actor } from '../lib/actor';
import { expectRestAnswer } from './answers';
import type { TestContext } from './harness';

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

/** Checks the answer once it arrives (awaiting the test, as every test here does; `.end(cb)` is not checked). */
function checked(test: Test, method: string, url: string): Test {
  const then = test.then.bind(test);
  test.then = ((onFulfilled, onRejected) =>
    then((res) => {
      expectRestAnswer(method, url, res);
      return res;
    }).then(onFulfilled, onRejected)) as Test['then'];
  return test;
}

/** supertest's `request(app)`, with each answer checked against the document. */
export function request(app: Parameters<typeof supertest>[0]): ReturnType<typeof supertest> {
  const agent = supertest(app);
  return new Proxy(agent, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || !METHODS.has(prop) || typeof value !== 'function') return value;
      return (url: string) => checked((value as (url: string) => Test).call(target, url), prop, url);
    },
  });
}

/** supertest with an Authorization header: a user's, a driver's or an API key's bearer. */
export function restWithAuth(t: TestContext, authorization: string) {
  const app = t.app();
  return {
    get: (url: string) => request(app).get(url).set('Authorization', authorization),
    post: (url: string) => request(app).post(url).set('Authorization', authorization),
    put: (url: string) => request(app).put(url).set('Authorization', authorization),
    delete: (url: string) => request(app).delete(url).set('Authorization', authorization),
  };
}

/** A user's Authorization header value, valid for an hour, for token version `tv` (a new user's is 0). */
export function bearerOf(t: TestContext, user: { id: number; role: Role; company_id: number | null }, tv = 0) {
  return `Bearer ${t.deps.tokens.signUser({ sub: String(user.id), role: user.role, company_id: user.company_id, tv }, 3600)}`;
}

/** supertest with a user's bearer token. */
export function restAs(t: TestContext, actor: Actor) {
  if (actor.kind !== 'user') throw new Error('user actor expected');
  return restWithAuth(t, bearerOf(t, { id: actor.user_id, role: actor.role, company_id: actor.company_id }));
}
