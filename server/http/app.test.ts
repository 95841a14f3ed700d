import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createAdmin, createCompany, createCompanyWithUsers } from '../test/factories';
import { createTestContext } from '../test/harness';
import { useTestContext } from '../test/suite';
import { createLogger } from '../lib/logger';

const t = useTestContext();
let adminToken: string;
let memberToken: string;
beforeAll(async () => {
  const { admin } = await createAdmin(t.database.db);
  adminToken = t.deps.tokens.signUser({ sub: String(admin.id), role: 'ADMIN', company_id: null, tv: 0 }, 600);
  const { member } = await createCompanyWithUsers(t.database.db);
  memberToken = t.deps.tokens.signUser({ sub: String(member.id), role: 'MEMBER', company_id: member.company_id, tv: 0 }, 600);
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await request(t.app()).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(t.app()).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });

  it('gives every response a request id', async () => {
    const res = await request(t.app()).get('/healthz');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /admin/companies', () => {
  it('answers 401 without a token', async () => {
    const res = await request(t.app()).get('/admin/companies');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('answers 403 to a company user', async () => {
    const res = await request(t.app()).get('/admin/companies').set('Authorization', `Bearer ${memberToken}`);
    expect(res.status).toBe(403);
  });

  it('answers {items} to an administrator, filtered by is_parent_company', async () => {
    const parent = await createCompany(t.database.db, { name: 'Parent Holding A/S', is_parent_company: true });
    await createCompany(t.database.db, { name: 'Portfolio ApS', parent_company_id: parent.id });
    const all = await request(t.app()).get('/admin/companies').set('Authorization', `Bearer ${adminToken}`);
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body.items)).toBe(true);
    expect(all.body.items.length).toBeGreaterThanOrEqual(3);
    const parents = await request(t.app()).get('/admin/companies?is_parent_company=true').set('Authorization', `Bearer ${adminToken}`);
    expect(parents.body.items.map((c: { name: string }) => c.name)).toEqual(['Parent Holding A/S']);
    expect(parents.body.items[0]).toMatchObject({ is_parent_company: true, city: 'Copenhagen', country: 'DK' });
  });

  it('answers an id beyond the integer range with 400, not a database error', async () => {
    const res = await request(t.app()).get('/api/first-level-subcategories?material_group_id=99999999999');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
  });

  it('refuses a malformed filter with 400', async () => {
    const res = await request(t.app()).get('/admin/companies?is_parent_company=maybe').set('Authorization', `Bearer ${adminToken}`);
    expect(res.status).toBe(400);
  });
});

describe('common reference calls', () => {
  it('lists the eight signup countries with currency, never AU', async () => {
    const res = await request(t.app()).get('/api/common/countries');
    expect(res.status).toBe(200);
    const codes = res.body.items.map((c: { code: string }) => c.code).sort();
    expect(codes).toEqual(['AE', 'DE', 'DK', 'GB', 'GR', 'IT', 'MY', 'RO']);
    const dk = res.body.items.find((c: { code: string }) => c.code === 'DK');
    expect(dk).toMatchObject({ currency_code: 'DKK' });
    expect(dk.currency_symbol).toBeTruthy();
  });

  it('filters countries by country_codes and still excludes AU', async () => {
    const res = await request(t.app()).get('/api/common/countries?country_codes=GR,MY,AU');
    expect(res.body.items.map((c: { code: string }) => c.code).sort()).toEqual(['GR', 'MY']);
  });

  it('lists material groups under both paths as {items}', async () => {
    const a = await request(t.app()).get('/api/common/material-groups');
    const b = await request(t.app()).get('/api/material-groups');
    expect(a.body.items.length).toBeGreaterThan(10);
    expect(b.body).toEqual(a.body);
    const names = a.body.items.map((g: { name: string }) => g.name.toLowerCase());
    for (const expected of ['finance', 'legal', 'hr', 'technology', 'engineering']) expect(names).toContain(expected);
  });

  it('walks the subcategory levels down to an EWC code', async () => {
    const groups = (await request(t.app()).get('/api/material-groups')).body.items as { id: number; kind: string }[];
    const group = groups.find((g) => g.kind === 'material')!;
    const first = (await request(t.app()).get(`/api/first-level-subcategories?material_group_id=${group.id}`)).body.items;
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((f: { material_group_id: number }) => f.material_group_id === group.id)).toBe(true);
    const second = (await request(t.app()).get(`/api/second-level-subcategories?first_level_subcategory_id=${first[0].id}`)).body.items;
    expect(second.length).toBeGreaterThan(0);
    const third = (await request(t.app()).get(`/api/third-level-subcategories?second_level_subcategory_id=${second[0].id}`)).body.items;
    expect(third.length).toBeGreaterThan(0);
    expect(third[0].code).toMatch(/^\d{6}$/);
  });

  it('counts all 842 EWC entries across third-level subcategories', async () => {
    const third = (await request(t.app()).get('/api/third-level-subcategories')).body.items as { code: string | null }[];
    expect(new Set(third.filter((x) => x.code && /^\d{6}$/.test(x.code)).map((x) => x.code)).size).toBe(842);
  });
});

describe('errors and routing', () => {
  it('answers unknown API paths with JSON 404', async () => {
    const res = await request(t.app()).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('answers a malformed JSON body with 400 and no stack trace', async () => {
    const res = await request(t.app()).post('/api/auth/login').set('Content-Type', 'application/json').send('{"username":');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('hides internal errors behind a generic message with a request id', async () => {
    const ctx = await createTestContext();
    await ctx.database.close(); // every query now fails
    const res = await request(ctx.app()).get('/api/common/countries');
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ code: 'INTERNAL', message: 'Something went wrong. Please try again.' });
    expect(res.body.error.request_id).toBeTruthy();
    expect(JSON.stringify(res.body)).not.toMatch(/postgres|pglite|stack/i);
  });

  it('serves the client for browser navigations, /admin included, and JSON for API calls', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'client-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app shell</title>');
    writeFileSync(path.join(dist, 'assets', 'a.js'), 'console.log(1)');
    const app = createApp(t.deps, { clientDist: dist });
    for (const p of ['/admin/companies', '/database', '/no-such-page', '/admin/panel']) {
      const res = await request(app).get(p).set('Accept', 'text/html,application/xhtml+xml');
      expect(res.status, p).toBe(200);
      expect(res.text).toContain('app shell');
    }
    const api = await request(app).get('/admin/companies').set('Accept', 'application/json');
    expect(api.status).toBe(401);
    const asset = await request(app).get('/assets/a.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });
});

describe('the built client and compression', () => {
  const bundle = `export const big = ${JSON.stringify('x'.repeat(4000))};`;
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'client-'));
    for (const dir of ['assets', '.vite', 'api']) mkdirSync(path.join(dist, dir));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app shell</title>');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bundle);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(bundle));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(bundle));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    writeFileSync(path.join(dist, 'api', 'shadow.json'), '{"static":true}');
    app = createApp(t.deps, { clientDist: dist });
  });

  it('sends hashed assets precompressed (brotli, else gzip, else plain) and cached for a year as immutable', async () => {
    const br = await request(app).get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(brotliCompressSync(bundle).length);
    expect(br.text).toBe(bundle);

    const gz = await request(app).get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(bundle);

    const plain = await request(app).get('/assets/index-abc123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(bundle));
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a repeated request with 304 and revalidates the app shell and unhashed files every time', async () => {
    const first = await request(app).get('/assets/index-abc123.js').set('Accept-Encoding', 'br');
    const again = await request(app).get('/assets/index-abc123.js').set('Accept-Encoding', 'br').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    const shell = await request(app).get('/materials').set('Accept', 'text/html');
    expect(shell.status).toBe(200);
    expect(shell.text).toContain('app shell');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('never serves source maps, the build manifest or a file under an API path', async () => {
    for (const p of ['/assets/index-abc123.js.map', '/.vite/manifest.json', '/assets/index-abc123.js.br']) {
      const res = await request(app).get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers['content-type'], p).toMatch(/json/);
    }
    const api = await request(app).get('/api/shadow.json');
    expect(api.status).toBe(404);
    expect(api.text).not.toContain('static');
  });

  it('compresses JSON answers over 1 KiB with brotli or gzip, and leaves small ones alone', async () => {
    const br = await request(app).get('/api/material-groups').set('Accept-Encoding', 'br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const gz = await request(app).get('/api/material-groups').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.items.length).toBeGreaterThan(10);
    const small = await request(app).get('/healthz').set('Accept-Encoding', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toEqual({ status: 'ok' });
  });
});

describe('text that cannot be stored', () => {
  it('answers 400 with a field code, never 500, for NUL, control characters and lone surrogates on REST and tRPC, writing nothing', async () => {
    const { memberActor } = await createCompanyWithUsers(t.database.db);
    const token = t.deps.tokens.signUser(
      {
        sub: String((memberActor as { user_id: number }).user_id),
        role: 'MEMBER',
        company_id: (memberActor as { company_id: number }).company_id,
        tv: 0,
      },
      60,
    );
    const search = await request(t.app()).get('/api/v2/materials?q=a%00b').set('Authorization', `Bearer ${token}`);
    expect(search.status).toBe(400);
    expect(search.body.error.field_codes).toEqual({ q: { code: 'field.invalidCharacters' } });
    for (const bad of ['nul\u0000', 'bell\u0007', 'lone \ud800']) {
      const viaTrpc = t.caller().queries.create({ name: 'Ana', email: 'ana@acme.example', message: bad });
      await expect(viaTrpc).rejects.toMatchObject({ cause: { code: 'VALIDATION', fields: { message: { code: 'field.invalidCharacters' } } } });
    }
    const nested = await request(t.app())
      .post('/api/offers')
      .set('Authorization', `Bearer ${token}`)
      .send({ material_id: 1, quantity: 1, message: 'x', extra: { deep: ['ok', 'no\u0000'] } });
    expect(nested.status).toBe(400);
    expect(nested.body.error.field_codes).toEqual({ 'extra.deep.1': { code: 'field.invalidCharacters' } });
  });
});

describe('security headers and logs', () => {
  it('sends HSTS, a Permissions-Policy and a CSP whose sockets are this host only', async () => {
    const res = await request(t.app()).get('/healthz').set('Host', 'market.example:3000');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
    const connect = /connect-src ([^;]*)/.exec(res.headers['content-security-policy'] as string)![1]!.split(' ');
    expect(connect).toEqual(expect.arrayContaining(["'self'", 'ws://market.example:3000', 'wss://market.example:3000']));
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
  });

  it('keeps the one-time reset token out of the request log', async () => {
    const { loggablePath } = await import('./middleware');
    expect(loggablePath('/reset-password/6f1c2b9e4a')).toBe('/reset-password/:token');
    expect(loggablePath('/api/reset-password/6f1c2b9e4a')).toBe('/api/reset-password/:token');
    expect(loggablePath('/database')).toBe('/database');
  });

  it('masks the codes that grant something (donation QR, certificate, unsubscribe, reset) in the request log', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const app = createApp({ ...t.deps, logger }, { clientDist: path.join(os.tmpdir(), 'no-client-here') });
    const secret = 'GRANTS-SOMETHING-5f3a9c';
    for (const p of [
      `/api/donations/verify/${secret}`,
      `/api/verify/impact/${secret}`,
      `/api/newsletter/unsubscribe/${secret}`,
      `/api/reset-password/${secret}`,
    ])
      await request(app).get(p);
    await request(app).post(`/api/donations/verify/${secret}/hand-over`).send({});
    for (const p of [`/donations/verify/${secret}`, `/verify/impact/${secret}`, `/newsletter/unsubscribe/${secret}`, `/reset-password/${secret}`])
      await request(app).get(p).set('Accept', 'text/html');
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; path?: string }).filter((l) => l.msg === 'request');
    expect(logged).toHaveLength(9);
    expect(lines.join('\n')).not.toContain(secret);
    expect(logged.map((l) => l.path)).toEqual(
      expect.arrayContaining([
        '/api/donations/verify/:code',
        '/api/donations/verify/:code/hand-over',
        '/verify/impact/:code',
        '/newsletter/unsubscribe/:token',
      ]),
    );
  });
});
