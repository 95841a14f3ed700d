import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { request, restAs, restWithAuth } from '../../test/rest-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api_keys, notifications, webhook_deliveries, webhook_endpoints } from '../../../drizzle/schema';
import type { Actor } from '../../lib/actor';
import { createAdmin, createCompanyWithUsers, createListing } from '../../test/factories';
import { useTestContext } from '../../test/suite';
import { expectDocumentedAnswer, expectMatchesSchema } from '../../test/answers';
import { dueNow } from '../../test/jobs';
import { webhookPayload, type WebhookEvent } from '../../../shared/schemas/integrations';
import { WEBHOOK_BACKOFF } from './delivery';
import { signWebhook } from './signing';

const t = useTestContext({ WEBHOOKS_ALLOW_HTTP: 'true' });

/** A webhook receiver on 127.0.0.1: records every request, answers what `respond` says (200 by default). */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let receiver: Server;
let received: Received[] = [];
let respond: (r: Received) => number = () => 200;
let hookUrl = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const r = { headers: req.headers, body };
      received.push(r);
      res.statusCode = respond(r);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const db = () => t.database.db;
const api = (actor: Actor) => restAs(t, actor);
const withKey = (secret: string) => restWithAuth(t, `Bearer ${secret}`);

async function companyWithKey(scopes: ('read' | 'write')[] = ['read', 'write']) {
  const c = await createCompanyWithUsers(db(), { name: `Integrator ${Math.random().toString(36).slice(2, 7)}` });
  const res = await api(c.managerActor).post(`/api/companies/${c.company.id}/api-keys`).send({ name: 'ERP', scopes });
  expect(res.status).toBe(201);
  return { ...c, key: res.body as { id: number; name: string; prefix: string; scopes: string[]; secret: string } };
}

/**
 * A seller (with a key) whose webhook for offer.received is added through `by` (its manager, unless told), one of its
 * listings and a buyer to offer on it; what the receiver got before is forgotten.
 */
async function sellerListening(
  by: (seller: Awaited<ReturnType<typeof companyWithKey>>) => ReturnType<typeof restWithAuth> = (s) => api(s.managerActor),
) {
  const seller = await companyWithKey();
  const hook = await by(seller)
    .post(`/api/companies/${seller.company.id}/webhooks`)
    .send({ url: hookUrl, events: ['offer.received'] });
  const listing = await createListing(db(), seller.company.id);
  const buyer = await createCompanyWithUsers(db());
  received = [];
  return { seller, hook, listing, buyer };
}

describe('API keys', () => {
  it('are made by a manager, shown once, stored hashed and listed without their secret', async () => {
    const c = await createCompanyWithUsers(db());
    expect(
      (
        await api(c.memberActor)
          .post(`/api/companies/${c.company.id}/api-keys`)
          .send({ name: 'x', scopes: ['read'] })
      ).status,
    ).toBe(403);
    const other = await createCompanyWithUsers(db());
    expect((await api(other.managerActor).get(`/api/companies/${c.company.id}/api-keys`)).status).toBe(404);

    const res = await api(c.managerActor)
      .post(`/api/companies/${c.company.id}/api-keys`)
      .send({ name: 'ERP sync', scopes: ['read', 'write'] });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['id', 'name', 'prefix', 'scopes', 'secret']);
    expect(res.body.secret).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(res.body.secret.startsWith(res.body.prefix)).toBe(true);
    expectDocumentedAnswer('post', '/api/companies/:id/api-keys', res);
    const [stored] = await db().select().from(api_keys).where(eq(api_keys.id, res.body.id));
    expect(JSON.stringify(stored)).not.toContain(res.body.secret);

    const list = await api(c.managerActor).get(`/api/companies/${c.company.id}/api-keys`);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      { id: res.body.id, name: 'ERP sync', prefix: res.body.prefix, scopes: ['read', 'write'], created: expect.any(String), last_used_at: null },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
    expectDocumentedAnswer('get', '/api/companies/:id/api-keys', list);
  });

  it('open every api/ REST path as the company, update last_used_at once a minute, and stop at once when revoked', async () => {
    const c = await companyWithKey();
    const key = withKey(c.key.secret);
    const me = await key.get(`/api/companies/${c.company.id}`);
    expect(me.status).toBe(200);
    expect((await key.get('/api/offers')).status).toBe(200);
    const [used] = await db().select({ at: api_keys.last_used_at }).from(api_keys).where(eq(api_keys.id, c.key.id));
    expect(used!.at).toBeInstanceOf(Date);
    await key.get('/api/offers');
    const [again] = await db().select({ at: api_keys.last_used_at }).from(api_keys).where(eq(api_keys.id, c.key.id));
    expect(again!.at!.getTime()).toBe(used!.at!.getTime());

    // Not on tRPC (people's transport), not on admin paths, not for user management, passwords or keys.
    expect((await request(t.app()).get('/trpc/auth.me').set('Authorization', `Bearer ${c.key.secret}`)).status).toBe(401);
    expect((await key.get('/admin/companies')).status).toBe(403);
    const users = await key.get('/api/users/');
    expect([users.status, users.body.error.message_code]).toEqual([403, 'integration.keyForbidden']);
    expect((await key.post('/api/users/change-password').send({ old_password: 'x', new_password: 'y' })).status).toBe(403);
    expect((await key.post(`/api/companies/${c.company.id}/api-keys`).send({ name: 'more', scopes: ['write'] })).status).toBe(403);

    const revoke = await api(c.managerActor).delete(`/api/companies/${c.company.id}/api-keys/${c.key.id}`);
    expect(revoke.status).toBe(200);
    expectDocumentedAnswer('delete', '/api/companies/:id/api-keys/:key_id', revoke);
    const after = await key.get('/api/offers');
    expect([after.status, after.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await withKey('sk_live_not-a-key').get('/api/offers')).status).toBe(401);
  });

  it('with the read scope only, read but get 403 on every write', async () => {
    const c = await companyWithKey(['read']);
    const seller = await createCompanyWithUsers(db());
    const listing = await createListing(db(), seller.company.id, { title: 'Pallets' });
    const key = withKey(c.key.secret);
    expect((await key.get('/api/offers')).status).toBe(200);
    const write = await key.post('/api/offers').send({ material_id: listing.id, quantity: 1, message: 'Hi' });
    expect([write.status, write.body.error.message_code]).toEqual([403, 'integration.readOnlyKey']);
  });
});

describe('webhooks', () => {
  it('let a system with only an API key follow an offer from received to synergy completed, every delivery signed', async () => {
    const seller = await companyWithKey();
    const key = withKey(seller.key.secret);
    const hook = await key.post(`/api/companies/${seller.company.id}/webhooks`).send({
      url: hookUrl,
      events: ['offer.received', 'offer.accepted', 'offer.rejected', 'offer.countered', 'synergy.completed'],
    });
    expect(hook.status).toBe(201);
    expect(hook.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expectDocumentedAnswer('post', '/api/companies/:id/webhooks', hook);
    const listed = await key.get(`/api/companies/${seller.company.id}/webhooks`);
    expectDocumentedAnswer('get', '/api/companies/:id/webhooks', listed);
    expect(JSON.stringify(listed.body)).not.toContain(hook.body.secret);

    const listing = await createListing(db(), seller.company.id, { title: 'Spent grain' });
    const buyer = await createCompanyWithUsers(db(), { name: 'Brewery buyer' });
    received = [];
    const offer = await api(buyer.memberActor).post('/api/offers').send({ material_id: listing.id, quantity: 10, message: 'Weekly pickup' });
    expect(offer.status).toBe(201);
    expectDocumentedAnswer('post', '/api/offers', offer);
    await t.flush();
    expect(received.map((r) => JSON.parse(r.body).type)).toEqual(['offer.received']);
    // What the system reads about it with its key answers as documented.
    const pending = await key.get('/api/offers/pending');
    expect(pending.body.items.map((o: { id: number }) => o.id)).toContain(offer.body.id);
    expectDocumentedAnswer('get', '/api/offers/pending', pending);
    expectDocumentedAnswer('get', '/api/offers/:id', await key.get(`/api/offers/${offer.body.id}`));

    const accepted = await key.post('/api/offers/review').send({ id: offer.body.id, decision: 'accept' });
    expect(accepted.status).toBe(200);
    expectDocumentedAnswer('post', '/api/offers/review', accepted);
    expectDocumentedAnswer('get', '/api/offers', await key.get('/api/offers'));
    await t.flush();
    const synergyId = JSON.parse(received.at(-1)!.body).data.synergy_id as number;
    const ended = await key.put(`/api/exchanges/${synergyId}`).send({ level_of_completion: 'COMPLETED', successful: true });
    expect(ended.status).toBe(200);
    await t.flush();

    const wh = new Webhook(hook.body.secret);
    const events = received.map(
      (r) => wh.verify(r.body, r.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> },
    );
    expect(events.map((e) => e.type)).toEqual(['offer.received', 'offer.accepted', 'synergy.completed']);
    expect(events[0]!.data).toMatchObject({ offer_id: offer.body.id, listing_id: listing.id, offering_company: { name: 'Brewery buyer' } });
    expect(events[2]!.data).toMatchObject({ synergy_id: synergyId, successful: true, ended_by_company: { id: seller.company.id } });
    for (const e of events) {
      expect(Number.isNaN(Date.parse(e.timestamp))).toBe(false);
      expectMatchesSchema(e.type, webhookPayload(e.type as WebhookEvent), e);
    }
    // A tampered body fails verification.
    expect(() => wh.verify(received[0]!.body.replace('offer', 'offeR'), received[0]!.headers as Record<string, string>)).toThrow();

    const deliveries = await key.get(`/api/companies/${seller.company.id}/webhooks/${hook.body.id}/deliveries`);
    expect(deliveries.status).toBe(200);
    expectDocumentedAnswer('get', '/api/companies/:id/webhooks/:webhook_id/deliveries', deliveries);
    expect(
      deliveries.body.items.map((d: { event_type: string; status: string; attempts: number; last_response_code: number }) => [
        d.event_type,
        d.status,
        d.attempts,
        d.last_response_code,
      ]),
    ).toEqual([
      ['synergy.completed', 'succeeded', 1, 200],
      ['offer.accepted', 'succeeded', 1, 200],
      ['offer.received', 'succeeded', 1, 200],
    ]);
  });

  it('retry a failing receiver with backoff and the same webhook-id: failing twice, it gets the event on the third try', async () => {
    const { hook, listing, buyer } = await sellerListening((s) => withKey(s.key.secret));
    respond = () => (received.length <= 2 ? 500 : 200);
    try {
      await api(buyer.memberActor).post('/api/offers').send({ material_id: listing.id, quantity: 1, message: 'Hi' });
      await t.flush();
      expect(received).toHaveLength(1);
      // The second try waits 5 s (the first step of the backoff).
      const [waiting] = await db().select().from(webhook_deliveries).where(eq(webhook_deliveries.endpoint_id, hook.body.id));
      expect([waiting!.status, waiting!.attempts, waiting!.last_status_code]).toEqual(['pending', 1, 500]);
      expect(WEBHOOK_BACKOFF.slice(0, 4)).toEqual([5_000, 300_000, 1_800_000, 7_200_000]);
      expect(WEBHOOK_BACKOFF.reduce((a, b) => a + b, 0)).toBe(24 * 3_600_000);
      await dueNow(db(), 'webhook-delivery');
      await t.flush();
      await dueNow(db(), 'webhook-delivery');
      await t.flush();
      expect(received).toHaveLength(3);
      expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(received.map((r) => r.body)).toEqual([received[0]!.body, received[0]!.body, received[0]!.body]);
      const wh = new Webhook(hook.body.secret);
      for (const r of received) expect(wh.verify(r.body, r.headers as Record<string, string>)).toMatchObject({ type: 'offer.received' });
      const [done] = await db().select().from(webhook_deliveries).where(eq(webhook_deliveries.endpoint_id, hook.body.id));
      expect([done!.status, done!.attempts, done!.last_status_code]).toEqual(['succeeded', 3, 200]);
    } finally {
      respond = () => 200;
    }
  });

  it('send a failed delivery again by hand (409 while it waits), and disable an endpoint failing for 3 days, telling its managers', async () => {
    const { seller, hook, listing, buyer } = await sellerListening();
    respond = () => 503;
    try {
      await api(buyer.memberActor).post('/api/offers').send({ material_id: listing.id, quantity: 1, message: 'Hi' });
      await t.flush();
      const [d] = await db().select().from(webhook_deliveries).where(eq(webhook_deliveries.endpoint_id, hook.body.id));
      const base = `/api/companies/${seller.company.id}/webhooks/${hook.body.id}/deliveries/${d!.id}/retry`;
      const pending = await api(seller.managerActor).post(base);
      expect([pending.status, pending.body.error.message_code]).toEqual([409, 'integration.deliveryPending']);

      // Failing since 4 days: the next failure disables the endpoint and notifies its managers.
      await db()
        .update(webhook_endpoints)
        .set({ failing_since: new Date(Date.now() - 4 * 86_400_000) })
        .where(eq(webhook_endpoints.id, hook.body.id));
      await dueNow(db(), 'webhook-delivery');
      await t.flush();
      const [endpoint] = await db().select().from(webhook_endpoints).where(eq(webhook_endpoints.id, hook.body.id));
      expect(endpoint!.enabled).toBe(false);
      const notes = await db().select().from(notifications).where(eq(notifications.user_id, seller.manager.id));
      expect(notes.map((n) => n.code)).toContain('notification.webhookDisabled');
      const [failed] = await db().select().from(webhook_deliveries).where(eq(webhook_deliveries.id, d!.id));
      expect(failed!.status).toBe('failed');
      expect((await api(seller.managerActor).post(base)).status).toBe(409);

      // Enabled again (as after a fix), a failed delivery goes out again by hand with the same webhook-id.
      await db()
        .update(webhook_endpoints)
        .set({ enabled: true, failing_since: null, disabled_at: null })
        .where(eq(webhook_endpoints.id, hook.body.id));
      respond = () => 200;
      const retry = await api(seller.managerActor).post(base);
      expect([retry.status, retry.body.status]).toEqual([200, 'pending']);
      expectDocumentedAnswer('post', '/api/companies/:id/webhooks/:webhook_id/deliveries/:delivery_id/retry', retry);
      await t.flush();
      expect(received.at(-1)!.headers['webhook-id']).toBe(d!.msg_id);
      const [sent] = await db().select().from(webhook_deliveries).where(eq(webhook_deliveries.id, d!.id));
      expect(sent!.status).toBe('succeeded');
    } finally {
      respond = () => 200;
    }
  });

  it('turn trips and donations into their webhook events for the companies concerned', async () => {
    const c = await companyWithKey();
    const other = await createCompanyWithUsers(db());
    await api(c.managerActor)
      .post(`/api/companies/${c.company.id}/webhooks`)
      .send({ url: hookUrl, events: ['trip.scheduled', 'trip.completed', 'donation.approved', 'donation.denied'] });
    received = [];
    const trip = {
      trip_id: 7,
      status: 'ASSIGNED' as const,
      phase: 'ASSIGNED' as const,
      driver_id: 1,
      driver_name: 'Dana',
      exchange_id: 3,
      title: 'Pallets',
      provider_company_id: other.company.id,
      requester_company_id: c.company.id,
      event_date: '2026-12-01',
      start_time: '09:00',
    };
    await db().transaction(async (tx) => {
      await t.deps.events.emit(tx, 'trip.changed', { ...trip, change: 'scheduled' });
      await t.deps.events.emit(tx, 'trip.changed', { ...trip, change: 'started', status: 'ON_ROUTE' });
      await t.deps.events.emit(tx, 'trip.changed', { ...trip, change: 'delivered', status: 'COMPLETED' });
      const donation = { donation_id: 5, title: 'Desks', company_id: c.company.id, company_name: 'X', approver_name: null, deny_reason: null };
      await t.deps.events.emit(tx, 'donation.changed', { ...donation, action: 'approve', status: 'approved' });
      await t.deps.events.emit(tx, 'donation.changed', { ...donation, action: 'deny', status: 'denied', deny_reason: 'Broken' });
    });
    await t.flush();
    const events = received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => e.type).sort()).toEqual(['donation.approved', 'donation.denied', 'trip.completed', 'trip.scheduled']);
    expect(events.find((e) => e.type === 'donation.denied')!.data).toMatchObject({ donation_id: 5, reason: 'Broken' });
    for (const e of events) expectMatchesSchema(e.type, webhookPayload(e.type as WebhookEvent), e);
  });

  it('tell both companies of a counter-offer: the new terms and who made them', async () => {
    const seller = await companyWithKey();
    const buyer = await createCompanyWithUsers(db());
    await api(seller.managerActor)
      .post(`/api/companies/${seller.company.id}/webhooks`)
      .send({ url: hookUrl, events: ['offer.countered'] });
    const listing = await createListing(db(), seller.company.id, { title: 'Oak pallets', quantity: 100 });
    const offer = await api(buyer.memberActor)
      .post('/api/offers')
      .send({ material_id: listing.id, quantity: 10, message: 'Ten please', unit_price: 4, currency: 'EUR' });
    expect(offer.status).toBe(201);
    received = [];
    const counter = await withKey(seller.key.secret).post(`/api/offers/${offer.body.id}/counter`).send({ unit_price: 5.5, message: 'Five fifty' });
    expect(counter.status).toBe(201);
    await t.flush();
    const events = received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => e.type)).toEqual(['offer.countered']);
    expect(events[0]!.data).toMatchObject({
      offer_id: offer.body.id,
      listing_id: listing.id,
      by: 'owner',
      round: 2,
      quantity: 10,
      unit_price: 5.5,
      currency: 'EUR',
      message: 'Five fifty',
    });
    expectMatchesSchema('offer.countered', webhookPayload('offer.countered'), events[0]);
  });

  it('never follow a redirect: a 3xx answer is a failed attempt, retried later', async () => {
    const { hook, listing, buyer } = await sellerListening();
    let redirected = 0;
    respond = () => (redirected++, 307);
    try {
      await api(buyer.memberActor).post('/api/offers').send({ material_id: listing.id, quantity: 1, message: 'Hi' });
      await t.flush();
      expect(received).toHaveLength(1);
      expect(redirected).toBe(1);
      const [d] = await db().select().from(webhook_deliveries).where(eq(webhook_deliveries.endpoint_id, hook.body.id));
      expect([d!.status, d!.attempts, d!.last_status_code]).toEqual(['pending', 1, 307]);
    } finally {
      respond = () => 200;
    }
  });

  it('refuse bad addresses and unknown events', async () => {
    const c = await createCompanyWithUsers(db());
    const post = (body: object) => api(c.managerActor).post(`/api/companies/${c.company.id}/webhooks`).send(body);
    expect((await post({ url: 'ftp://example.com/x', events: ['offer.received'] })).status).toBe(400);
    expect((await post({ url: hookUrl, events: ['offer.exploded'] })).status).toBe(400);
    expect((await post({ url: hookUrl, events: [] })).status).toBe(400);
  });
});

describe('signatures', () => {
  it('match the Standard Webhooks test vector', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const signature = signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});

describe('paths for outside systems', () => {
  it('take newsletter subscriptions and help queries, and list donation tags to company users', async () => {
    const sub = await request(t.app()).post('/api/newsletter/subscribe').send({ email: 'reader@example.com' });
    expect(sub.status).toBe(200);
    expectDocumentedAnswer('post', '/api/newsletter/subscribe', sub);
    const query = await request(t.app())
      .post('/api/queries')
      .send({ name: 'Ann', email: 'ann@example.com', subject: 'Access', message: 'How do I get access?' });
    expect(query.status).toBe(201);
    expectDocumentedAnswer('post', '/api/queries', query);
    const c = await companyWithKey(['read']);
    expect((await request(t.app()).get('/api/donation-tags')).status).toBe(401);
    const tags = await withKey(c.key.secret).get('/api/donation-tags');
    expect(tags.status).toBe(200);
    expectDocumentedAnswer('get', '/api/donation-tags', tags);
    expect((await api(c.memberActor).get('/api/donation-tags')).status).toBe(200);
  });

  it('answers JSON to a request with an Authorization header whatever its Accept, and the page to a browser without one', async () => {
    const { adminActor } = await createAdmin(db());
    const json = await api(adminActor).get('/admin/companies').set('Accept', 'text/html,application/xhtml+xml');
    expect(json.status).toBe(200);
    expect(json.type).toBe('application/json');
    const page = await request(t.app()).get('/admin/companies').set('Accept', 'text/html');
    expect(page.type).not.toBe('application/json');
    const c = await companyWithKey(['read']);
    const keyed = await withKey(c.key.secret).get('/api/offers').set('Accept', 'text/html');
    expect([keyed.status, keyed.type]).toEqual([200, 'application/json']);
  });
});
