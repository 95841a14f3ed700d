// The token suite: forged and broken tokens, each tried on a REST route, a tRPC
// procedure over HTTP and the WebSocket upgrade of a real server. Every one is refused: 401 on HTTP, a refused
// upgrade (401) on the socket. A valid token on the same three targets is the control that proves they answer.
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { users } from '../../drizzle/schema';
import { userOfClaims } from '../modules/auth/service';
import { createCompanyWithUsers, createDriver, createUser, TEST_PASSWORD } from '../test/factories';
import { TEST_JWT_SECRET } from '../test/harness';
import { useTestContext } from '../test/suite';
import { createHub, type Hub } from '../ws/hub';

const ISSUER = 'synergy-marketplace';
const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

/** Where a token is tried: a company REST route, a company tRPC query over HTTP, the socket. */
type Target = 'rest' | 'trpc' | 'driver-trpc' | 'ws';

interface Case {
  name: string;
  /** The token as sent after "Bearer " and in /ws?token=. */
  token?: string;
  /** The Authorization header(s) instead of `Bearer <token>`. */
  header?: string | string[];
  /** Extra query string on the HTTP targets (the token where it does not belong). */
  query?: Record<string, string>;
  /** Default: rest, trpc and ws. */
  targets?: Target[];
}

const t = useTestContext();
let server: http.Server;
let hub: Hub;
let base: string;
let cases: Case[];
let valid: string;

const now = () => Math.floor(Date.now() / 1000);

/** Signs claims as the server would, with any of them overridden or removed (undefined). */
function sign(
  user: { id: number; role: string; company_id: number | null },
  over: Record<string, unknown> = {},
  opts: jwt.SignOptions = {},
  secret: jwt.Secret = TEST_JWT_SECRET,
) {
  const claims: Record<string, unknown> = {
    sub: String(user.id),
    role: user.role,
    company_id: user.company_id,
    tv: 0,
    sid: crypto.randomUUID(),
    iss: ISSUER,
    aud: 'user',
    iat: now(),
    exp: now() + 3600,
    ...over,
  };
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
  return jwt.sign(claims, secret, { algorithm: 'HS256', ...opts });
}

async function login(username: string): Promise<string> {
  const res = await request(base).post('/api/auth/login').send({ username, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return (res.body as { token: string }).token;
}

function withAuth(req: request.Test, c: Case): request.Test {
  const headers = c.header !== undefined ? c.header : c.token !== undefined ? `Bearer ${c.token}` : undefined;
  if (headers === undefined) return req;
  return req.set('Authorization', headers as string);
}

/** A GET whose header lines are sent exactly as given (supertest would merge two Authorization values into one). */
function rawGet(url: string, headers: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      { method: 'GET', headers: ['Host', new URL(base).host, ...headers.flatMap((h) => ['Authorization', h])] },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function tryHttp(c: Case, target: Exclude<Target, 'ws'>): Promise<number> {
  const url = { rest: '/api/notifications/unseen', trpc: '/trpc/notifications.counters', 'driver-trpc': '/trpc/driver.me' }[target];
  if (Array.isArray(c.header)) return rawGet(url, c.header);
  const res = await withAuth(
    request(base)
      .get(url)
      .query(c.query ?? {}),
    c,
  );
  return res.status;
}

/** The socket's answer: the refused upgrade's status, or 101 when a socket opened. */
function tryWs(c: Case): Promise<number> {
  return new Promise((resolve, reject) => {
    const query = c.token === undefined ? '' : `?token=${encodeURIComponent(c.token)}`;
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws${query}`);
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
    ws.once('open', () => {
      resolve(101);
      ws.close();
    });
    ws.once('error', (err) => reject(err));
  });
}

async function attempt(c: Case, target: Target): Promise<number> {
  return target === 'ws' ? tryWs(c) : tryHttp(c, target);
}

beforeAll(async () => {
  const db = t.database.db;
  server = http.createServer(t.app());
  hub = await createHub({
    server,
    deps: {
      database: t.database,
      tokens: t.deps.tokens,
      logger: t.deps.logger,
      // The same rule as server/boot.ts.
      resolveUser: async (claims) => {
        const { state } = await userOfClaims(db, claims);
        return state && { user_id: state.id };
      },
    },
    options: { channel: 'tokens_suite' },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const A = await createCompanyWithUsers(db);
  const member = A.member;
  const pending = await createCompanyWithUsers(db, { status: 'pending' });
  const rejected = await createCompanyWithUsers(db, { status: 'rejected' });
  const driver = await createDriver(db, { phone: '+45 60 70 80 90' });
  const [stale, revoked, everywhere, deleted] = await Promise.all(
    [1, 2, 3, 4].map(() => createUser(db, { company_id: A.company.id, role: 'MEMBER' })),
  );

  valid = await login(member.email);
  const [h, p, s] = valid.split('.') as [string, string, string];
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;

  // A session ended by a password change, by logout (this one token) and by logout everywhere.
  const staleToken = await login(stale!.email);
  expect(
    (
      await request(base)
        .post('/api/users/change-password')
        .set('Authorization', `Bearer ${staleToken}`)
        .send({ current_password: TEST_PASSWORD, new_password: 'another-long-password' })
    ).status,
  ).toBe(200);
  const revokedToken = await login(revoked!.email);
  expect((await request(base).post('/api/auth/logout').set('Authorization', `Bearer ${revokedToken}`)).status).toBe(200);
  const everywhereToken = await login(everywhere!.email);
  expect((await request(base).post('/api/auth/logout-all').set('Authorization', `Bearer ${everywhereToken}`)).status).toBe(200);
  const deletedToken = await login(deleted!.email);
  await db.delete(users).where(eq(users.id, deleted!.id));

  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const rsaPublicPem = rsa.publicKey.export({ type: 'spki', format: 'pem' });

  cases = [
    { name: 'wrong secret', token: sign(member, {}, {}, 'another-secret-that-is-long-enough-for-hs256') },
    { name: 'alg none, no signature', token: `${b64({ alg: 'none', typ: 'JWT' })}.${p}.` },
    { name: 'alg none, original signature kept', token: `${b64({ alg: 'none', typ: 'JWT' })}.${p}.${s}` },
    { name: 'alg HS512 with the right secret', token: sign(member, {}, { algorithm: 'HS512' }) },
    { name: 'alg RS256 signed by an unknown RSA key', token: sign(member, {}, { algorithm: 'RS256' }, rsa.privateKey) },
    {
      name: 'alg RS256 header, HMAC signature keyed with a public key (confusion)',
      token: (() => {
        const head = `${b64({ alg: 'RS256', typ: 'JWT' })}.${p}`;
        const mac = jwt.sign(payload, rsaPublicPem, { algorithm: 'HS256', noTimestamp: true }).split('.')[2];
        return `${head}.${mac}`;
      })(),
    },
    { name: 'alg HS256 header swapped onto the payload of another user', token: `${h}.${b64({ ...payload, sub: String(A.manager.id) })}.${s}` },
    { name: 'expired', token: sign(member, { iat: now() - 7200, exp: now() - 60 }) },
    { name: 'not yet valid (nbf in an hour)', token: sign(member, { nbf: now() + 3600 }) },
    {
      name: 'driver token (audience driver) on user routes',
      token: t.deps.tokens.signDriver({ sub: String(driver.id), tv: driver.token_version }, 3600),
    },
    { name: 'user token on a driver procedure', token: valid, targets: ['driver-trpc'] },
    { name: 'wrong audience (admin)', token: sign(member, { aud: 'admin' }) },
    { name: 'wrong issuer', token: sign(member, { iss: 'someone-else' }) },
    { name: 'missing sub', token: sign(member, { sub: undefined }) },
    { name: 'non-numeric sub', token: sign(member, { sub: 'abc' }) },
    { name: 'negative sub', token: sign(member, { sub: '-1' }) },
    { name: 'zero sub', token: sign(member, { sub: '0' }) },
    { name: 'huge sub (beyond a 32-bit id)', token: sign(member, { sub: '9999999999' }) },
    { name: 'sub as a JSON number', token: sign(member, { sub: member.id }) },
    { name: 'missing tv', token: sign(member, { tv: undefined }) },
    { name: 'non-integer tv', token: sign(member, { tv: 0.5 }) },
    { name: 'tv as a string', token: sign(member, { tv: '0' }) },
    { name: 'stale tv after a password change', token: staleToken },
    { name: 'revoked session (POST /api/auth/logout, then reuse)', token: revokedToken },
    { name: 'ended by logout everywhere', token: everywhereToken },
    { name: 'bad sid', token: sign(member, { sid: 'not-a-session-id' }) },
    { name: 'truncated', token: valid.slice(0, -6) },
    { name: 'extra segment', token: `${valid}.AAAA` },
    { name: 'two tokens joined', token: `${valid}${valid}` },
    { name: 'empty', token: '', header: 'Bearer ' },
    { name: 'whitespace only', token: '   ', header: 'Bearer    ' },
    { name: 'whitespace inside the token', token: `${h}. ${p}.${s}`, header: `Bearer ${h}. ${p}.${s}` },
    {
      name: "lowercase 'bearer' with a forged token",
      token: sign(member, {}, {}, 'wrong-secret-long-enough-for-hs256-signing'),
      header: `bearer ${sign(member, {}, {}, 'wrong-secret-long-enough-for-hs256-signing')}`,
    },
    { name: 'Basic scheme carrying a valid token', token: undefined, header: `Basic ${valid}`, targets: ['rest', 'trpc'] },
    {
      name: 'two Authorization values, forged first',
      header: [`Bearer ${sign(member, {}, {}, 'x'.repeat(40))}`, `Bearer ${valid}`],
      targets: ['rest', 'trpc'],
    },
    {
      name: 'two Authorization values, valid first',
      header: [`Bearer ${valid}`, `Bearer ${sign(member, {}, {}, 'x'.repeat(40))}`],
      targets: ['rest', 'trpc'],
    },
    { name: 'token in the query string on HTTP', query: { token: valid, access_token: valid }, targets: ['rest', 'trpc'] },
    { name: 'no token on the socket', targets: ['ws'] },
    { name: 'huge token (12 KB)', token: `${h}.${b64('x'.repeat(9000))}.${s}` },
    { name: 'non-UTF-8 bytes', token: `${h}.${p}\u00ff\u00fe.${s}` },
    { name: "a deleted user's token", token: deletedToken },
    { name: "a pending company's user token", token: sign(pending.member) },
    { name: "a rejected company's user token", token: sign(rejected.manager) },
  ];
}, 60_000);

afterAll(async () => {
  await hub?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('forged and broken tokens', () => {
  it('accepts the valid token on every target (the control)', async () => {
    const ok: Case = { name: 'valid', token: valid };
    expect(await attempt(ok, 'rest')).toBe(200);
    expect(await attempt(ok, 'trpc')).toBe(200);
    expect(await attempt(ok, 'ws')).toBe(101);
  });

  it('refuses every forged or broken token: 401 on REST and tRPC, a refused upgrade on the socket', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      cases.flatMap((c) => (c.targets ?? ['rest', 'trpc', 'ws']).map(async (target) => ({ name: c.name, target, status: await attempt(c, target) }))),
    );
    const wrong = answers.filter((a) => a.status !== 401).map((a) => `${a.name} on ${a.target}: ${a.status}`);
    console.info(
      `token suite: ${cases.length} tokens, ${answers.length} attempts (${answers.filter((a) => a.target === 'ws').length} socket upgrades), ${answers.length - wrong.length} refused with 401, ${Date.now() - started} ms`,
    );
    expect(cases.length).toBeGreaterThanOrEqual(26);
    expect(wrong).toEqual([]);
  });
});
