import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exchanges, notifications, offers } from '../../../drizzle/schema';
import type { Actor } from '../../lib/actor';
import { createMarket } from '../../test/factories';
import { restAs } from '../../test/rest-client';
import { onPostgres } from '../../test/postgres';
import { useTestContext } from '../../test/suite';
import { withWideCallers, type WideCallers } from '../../test/wide';

const t = useTestContext();

const db = () => t.database.db;
const api = (actor: Actor) => restAs(t, actor);

const market = (quantity = 1000) => createMarket(db(), { title: 'Oak offcuts', quantity });

async function offerOf(m: Awaited<ReturnType<typeof market>>, body: Record<string, unknown> = {}) {
  const res = await api(m.buyer.memberActor)
    .post('/api/offers')
    .send({ material_id: m.material.id, quantity: 100, message: 'First offer', unit_price: 2.5, currency: 'DKK', ...body });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

const synergiesOf = async (offerId: number) => (await db().select({ n: count() }).from(exchanges).where(eq(exchanges.offer_id, offerId)))[0]!.n;

describe('an offer with a price', () => {
  it('stores unit_price and currency, and defaults the currency to the offerer’s preferred one', async () => {
    const m = await market();
    const priced = await offerOf(m);
    const got = await api(m.seller.memberActor).get(`/api/offers/${priced.id}`);
    expect(got.body).toMatchObject({ status: 'pending', round: 1, unit_price: 2.5, unit_price_minor: 250, currency: 'DKK', turn: 'owner' });
    expect(got.body.rounds).toEqual([
      {
        round: 1,
        by: 'offerer',
        quantity: 100,
        unit_price: 2.5,
        unit_price_minor: 250,
        currency: 'DKK',
        message: 'First offer',
        at: expect.any(String),
      },
    ]);
    const m2 = await market();
    const plain = await api(m2.buyer.memberActor).post('/api/offers').send({ material_id: m2.material.id, quantity: 5, message: 'No price' });
    expect(plain.body).toMatchObject({ unit_price: null, currency: 'EUR' });
  });

  it('refuses a negative price or one with more than 2 decimals (400 with the field)', async () => {
    const m = await market();
    for (const unit_price of [-1, 1.234]) {
      const res = await api(m.buyer.memberActor).post('/api/offers').send({ material_id: m.material.id, quantity: 5, message: 'x', unit_price });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(['unit_price']);
    }
    const bad = await api(m.buyer.memberActor).post('/api/offers').send({ material_id: m.material.id, quantity: 5, message: 'x', currency: 'EURO' });
    expect(bad.status).toBe(400);
  });
});

describe('countering', () => {
  it('runs offer -> counter -> counter back -> accept, each on its turn, and the synergy carries the agreed terms', async () => {
    const m = await market();
    const { id } = await offerOf(m);
    // The offerer cannot counter its own move.
    expect((await api(m.buyer.memberActor).post(`/api/offers/${id}/counter`).send({ unit_price: 3, message: 'Again' })).status).toBe(403);

    const c1 = await api(m.seller.memberActor).post(`/api/offers/${id}/counter`).send({ unit_price: 4, quantity: 80, message: 'Four, 80 kg' });
    expect(c1.status).toBe(201);
    expect(c1.body).toMatchObject({ status: 'countered', round: 2, quantity: 80, unit_price: 4, turn: 'offerer', actions: [] });
    const seen = await api(m.buyer.memberActor).get(`/api/offers/${id}`);
    expect(seen.body.actions).toEqual(['withdraw', 'accept', 'counter']);
    // Only the side whose turn it is acts: the owner may not accept its own counter.
    expect((await api(m.seller.managerActor).post('/api/offers/review').send({ id, decision: 'accept' })).status).toBe(403);
    const notes = await db().select().from(notifications).where(eq(notifications.user_id, m.buyer.member.id));
    expect(notes.map((n) => [n.type, n.code, n.link])).toEqual([['offers', 'notification.offerCountered', '/pending-offers?tab=made']]);
    // The counter waits for the offerer's answer: it is in the offerer's pending list, no longer in the owner's.
    expect((await api(m.buyer.memberActor).get('/api/offers/pending')).body.items.map((o: { id: number }) => o.id)).toEqual([id]);
    expect((await api(m.seller.memberActor).get('/api/offers/pending')).body.items).toEqual([]);

    const c2 = await api(m.buyer.managerActor).post(`/api/offers/${id}/counter`).send({ unit_price: 3.25, message: 'Meet halfway' });
    expect(c2.body).toMatchObject({ status: 'countered', round: 3, quantity: 80, unit_price: 3.25, turn: 'owner' });

    const accepted = await api(m.seller.managerActor).post('/api/offers/review').send({ id, decision: 'accept' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', quantity: 80, unit_price: 3.25, turn: null });
    expect(accepted.body.rounds.map((r: { by: string; quantity: number; unit_price: number }) => [r.by, r.quantity, r.unit_price])).toEqual([
      ['offerer', 100, 2.5],
      ['owner', 80, 4],
      ['offerer', 80, 3.25],
    ]);
    const synergy = await api(m.buyer.memberActor).get(`/api/exchanges/${accepted.body.exchange_id}`);
    expect(synergy.body).toMatchObject({ quantity: 80, unit_price: 3.25, price_currency: 'DKK', agreed_total: 260 });
    // Ended without money typed, the agreed total is the provider's earnings and the requester's savings.
    const ended = await api(m.seller.memberActor)
      .put(`/api/exchanges/${accepted.body.exchange_id}`)
      .send({ level_of_completion: 'COMPLETED', successful: true });
    expect(ended.body).toMatchObject({ earnings: 260, savings: 260, currency: 'DKK' });
  });

  it('lets the offerer accept a counter: the listing company hears of it', async () => {
    const m = await market();
    const { id } = await offerOf(m);
    await api(m.seller.memberActor).post(`/api/offers/${id}/counter`).send({ unit_price: 3, message: 'Three' }).expect(201);
    const res = await api(m.buyer.memberActor).post('/api/offers/review').send({ id, decision: 'accept' });
    expect(res.body).toMatchObject({ status: 'accepted', unit_price: 3, quantity: 100 });
    const notes = await db()
      .select({ code: notifications.code })
      .from(notifications)
      .where(and(eq(notifications.user_id, m.seller.member.id), eq(notifications.code, 'notification.counterAccepted')));
    expect(notes).toHaveLength(1);
    // The offerer may not reject (that is the listing company's answer): it withdraws instead.
    expect((await api(m.buyer.memberActor).post('/api/offers/review').send({ id, decision: 'reject' })).status).toBe(403);
  });

  it('allows at most 5 rounds (409 after), a counter must change the terms, and respects available stock', async () => {
    const m = await market(200);
    const { id } = await offerOf(m);
    const sides = [m.seller, m.buyer, m.seller, m.buyer];
    for (const [i, side] of sides.entries()) {
      const res = await api(side.memberActor)
        .post(`/api/offers/${id}/counter`)
        .send({ unit_price: 3 + i, message: `Round ${i + 2}` });
      expect(res.status).toBe(201);
    }
    const sixth = await api(m.seller.memberActor).post(`/api/offers/${id}/counter`).send({ unit_price: 9, message: 'Sixth' });
    expect(sixth.status).toBe(409);
    expect(sixth.body.error.message_code).toBe('offer.tooManyRounds');

    const m2 = await market(200);
    const o2 = await offerOf(m2);
    const same = await api(m2.seller.memberActor).post(`/api/offers/${o2.id}/counter`).send({ unit_price: 2.5, message: 'Same' });
    expect(same.status).toBe(400);
    const tooMuch = await api(m2.seller.memberActor).post(`/api/offers/${o2.id}/counter`).send({ quantity: 201, message: 'More' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.code).toBe('NOT_ENOUGH_STOCK');
  });

  it('lets the offerer withdraw a countered offer, and nobody counters a closed one (409)', async () => {
    const m = await market();
    const { id } = await offerOf(m);
    await api(m.seller.memberActor).post(`/api/offers/${id}/counter`).send({ unit_price: 3, message: 'Three' }).expect(201);
    const withdrawn = await api(m.buyer.memberActor).delete(`/api/offers/${id}`);
    expect(withdrawn.body.status).toBe('withdrawn');
    expect((await api(m.buyer.memberActor).post(`/api/offers/${id}/counter`).send({ unit_price: 5, message: 'Late' })).status).toBe(409);
  });
});

describe.skipIf(!onPostgres)('two users at once (real Postgres)', () => {
  /** `rounds` rounds, one after the other, each racing calls on callers that really run side by side. */
  const race = (rounds: number, round: (w: WideCallers) => Promise<void>) =>
    withWideCallers(t, 10, 'negotiation-race', async (w) => {
      for (let i = 0; i < rounds; i++) await round(w);
    });
  /** A fresh offer the seller has countered at 3: the offerer's turn. */
  async function counteredOffer() {
    const m = await market();
    const { id } = await offerOf(m);
    await t.caller(m.seller.memberActor).offers.counter({ id, unit_price: 3, message: 'Three' });
    return { m, id };
  }
  const codeOf = (r: PromiseSettledResult<unknown>) =>
    r.status === 'fulfilled' ? 'ok' : ((r.reason as { cause?: { code?: string } }).cause?.code ?? 'thrown');

  it('two acceptances of one counter at once start one synergy', async () => {
    await race(5, async (w) => {
      const { m, id } = await counteredOffer();
      const results = await Promise.allSettled([
        w.as(m.buyer.memberActor).offers.review({ id, decision: 'accept' }),
        w.as(m.buyer.managerActor).offers.review({ id, decision: 'accept' }),
      ]);
      // Both answer the one acceptance (a repeated decision answers the same result), with the same synergy.
      expect(results.map(codeOf)).toEqual(['ok', 'ok']);
      const ids = results.map((r) => (r as PromiseFulfilledResult<{ exchange_id: number | null }>).value.exchange_id);
      expect(ids[0]).not.toBeNull();
      expect(ids[0]).toBe(ids[1]);
      expect(await synergiesOf(id)).toBe(1);
    });
  }, 120_000);

  it('an acceptance and a counter at once leave one outcome', async () => {
    const outcomes = new Set<string>();
    await race(8, async (w) => {
      const m = await market();
      const { id } = await offerOf(m);
      const results = await Promise.allSettled([
        w.as(m.seller.memberActor).offers.review({ id, decision: 'accept' }),
        w.as(m.seller.managerActor).offers.counter({ id, unit_price: 4, message: 'Four' }),
      ]);
      const codes = results.map(codeOf);
      const [row] = await db()
        .select({ status: offers.status, round: offers.round, price: offers.unit_price_minor })
        .from(offers)
        .where(eq(offers.id, id));
      if (codes[0] === 'ok') {
        // The acceptance came first: the counter found a closed offer.
        expect(codes[1]).toBe('CONFLICT');
        expect(row).toEqual({ status: 'accepted', round: 1, price: 250 });
        expect(await synergiesOf(id)).toBe(1);
        outcomes.add('accepted');
      } else {
        // The counter came first: the turn passed to the offerer, so the acceptance was refused.
        expect(codes).toEqual(['FORBIDDEN', 'ok']);
        expect(row).toEqual({ status: 'countered', round: 2, price: 400 });
        expect(await synergiesOf(id)).toBe(0);
        outcomes.add('countered');
      }
    });
    expect(outcomes.size).toBeGreaterThan(0);
  }, 120_000);

  it('an offerer’s acceptance and its colleague’s counter-back at once leave one outcome', async () => {
    await race(5, async (w) => {
      const { m, id } = await counteredOffer();
      const results = await Promise.allSettled([
        w.as(m.buyer.memberActor).offers.review({ id, decision: 'accept' }),
        w.as(m.buyer.managerActor).offers.counter({ id, unit_price: 2.75, message: 'Lower' }),
      ]);
      expect(results.map(codeOf).filter((c) => c === 'ok')).toHaveLength(1);
      const rows = await db()
        .select({ status: offers.status })
        .from(offers)
        .where(inArray(offers.id, [id]));
      expect(await synergiesOf(id)).toBe(rows[0]!.status === 'accepted' ? 1 : 0);
    });
  }, 120_000);
});
