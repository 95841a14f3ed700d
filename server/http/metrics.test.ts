// GET /metrics: who may read it, and what it says (route patterns, not raw paths).
import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxDepth, enqueueMail } from '../lib/mail';
import { useTestContext } from '../test/suite';
import { isDirectLoopback } from './metrics';

const fakeReq = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('isDirectLoopback', () => {
  it('accepts direct connections from this machine over IPv4, IPv6 and mapped IPv4', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isDirectLoopback(fakeReq(a))).toBe(true);
  });

  it('refuses other addresses, and any request a proxy forwarded, even from 127.0.0.1', () => {
    for (const a of ['10.0.0.5', '::ffff:10.0.0.5', '192.168.1.2', '2001:db8::1', '', '128.0.0.1']) expect(isDirectLoopback(fakeReq(a))).toBe(false);
    for (const h of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via'])
      expect(isDirectLoopback(fakeReq('127.0.0.1', { [h]: '127.0.0.1' }))).toBe(false);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  // TRUST_PROXY on: req.ip would believe X-Forwarded-For, the loopback check must not.
  const t = useTestContext({ TRUST_PROXY: 'true' });
  beforeAll(() => {
    t.deps.metrics.registerSources({ outbox: () => outboxDepth(t.database.db), pool: () => t.database.poolStats() });
  });

  it('answers a direct local caller in Prometheus text', async () => {
    const res = await request(t.app()).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.text).toContain('# TYPE synergy_ws_connections gauge');
  });

  it('refuses a forwarded request, even one claiming to come from 127.0.0.1', async () => {
    const res = await request(t.app()).get('/metrics').set('X-Forwarded-For', '127.0.0.1');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(res.text).not.toContain('http_request_duration_seconds');
  });

  it('labels requests with the route pattern and status, never the raw path with ids', async () => {
    const app = t.app();
    await request(app).get('/admin/subscription-plans/987654');
    await request(app).get('/admin/subscription-plans/987655');
    await request(app).get('/no/such/path/555111');
    await request(app).get('/healthz');
    const text = (await request(app).get('/metrics')).text;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/admin\/subscription-plans\/:id",status="401"\} 2/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\(unmatched\)",status="404"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1/);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('555111');
  });

  it('times tRPC procedures by name and outcome on both transports', async () => {
    const app = t.app();
    await request(app).get('/trpc/common.countries');
    await request(app).get('/api/common/countries');
    await request(app).get('/trpc/notifications.unseen');
    const text = (await request(app).get('/metrics')).text;
    expect(text).toMatch(/trpc_procedure_duration_seconds_count\{procedure="common\.countries",outcome="ok"\} 2/);
    expect(text).toMatch(/trpc_procedure_duration_seconds_count\{procedure="notifications\.unseen",outcome="client_error"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/trpc",status="200"\} 1/);
  });

  it('reports the outbox depth and the database pool at scrape time', async () => {
    await enqueueMail(t.database.db, {
      to: 'ops@example.com',
      template: 'registration_received',
      language: 'en',
      data: { first_name: 'Ops', company_name: 'Ops ApS' },
    });
    const text = (await request(t.app()).get('/metrics')).text;
    expect(text).toMatch(/^synergy_mail_outbox_queued [1-9]\d*$/m);
    expect(text).toMatch(/^synergy_mail_outbox_oldest_queued_seconds \d/m);
    if (t.database.kind === 'postgres') {
      expect(text).toMatch(/^synergy_db_pool_max 4$/m);
      expect(text).toMatch(/^synergy_db_pool_connections\{state="idle"\} \d+$/m);
    } else {
      expect(text).toMatch(/^synergy_db_pool_max 1$/m);
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  const token = 'scrape-token-0123456789';
  const t = useTestContext({ METRICS_TOKEN: token });

  it('answers only the bearer token, from anywhere', async () => {
    const app = t.app();
    const none = await request(app).get('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect((await request(app).get('/metrics').set('Authorization', `Bearer ${token}x`)).status).toBe(401);
    expect(
      (
        await request(app)
          .get('/metrics')
          .set('Authorization', `Bearer ${token.slice(1)}`)
      ).status,
    ).toBe(401);
    expect((await request(app).get('/metrics').set('Authorization', token)).status).toBe(401);
    const ok = await request(app).get('/metrics').set('Authorization', `Bearer ${token}`).set('X-Forwarded-For', '203.0.113.9');
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('http_request_duration_seconds');
  });
});
