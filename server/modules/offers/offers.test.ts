import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chats, exchanges, mail_outbox, notifications, offers, users } from '../../../drizzle/schema';
import type { Actor } from '../../lib/actor';
import { createCompanyWithUsers, createListing, createMarket } from '../../test/factories';
import { restAs } from '../../test/rest-client';
import { onPostgres } from '../../test/postgres';
import { useTestContext } from '../../test/suite';
import { withWideCallers } from '../../test/wide';

const t = useTestContext();

const db = () => t.database.db;
const api = (actor: Actor) => restAs(t, actor);
const offerCount = async () => (await db().select({ n: count() }).from(offers))[0]!.n;

/** A seller with an active listing of 1000 kg and a buyer company. */
const market = (listing: Parameters<typeof createListing>[2] = {}) => createMarket(db(), { title: 'Spent grain', ...listing });

describe('making an offer', () => {
  it('answers 201 with a pending offer, notifies the listing company (mail for those who keep it on) and pushes newOffer and the counter', async () => {
    const { seller, buyer, material } = await market();
    await db().update(users).set({ email_notifications_activity: false }).where(eq(users.id, seller.member.id));
    await t.flush();
    t.sent.length = 0;
    const res = await api(buyer.memberActor).post('/api/offers').send({ material_id: material.id, quantity: 400, message: 'We can collect weekly.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      quantity: 400,
      message: 'We can collect weekly.',
      direction: 'made',
      material: { id: material.id, title: 'Spent grain' },
      offering_company: { id: buyer.company.id },
      listing_company: { id: seller.company.id },
      exchange_id: null,
      actions: ['edit', 'withdraw'],
    });
    const notes = await db()
      .select()
      .from(notifications)
      .where(inArray(notifications.user_id, [seller.manager.id, seller.member.id]));
    expect(notes.map((n) => [n.code, n.link, n.params])).toEqual([
      ['notification.offerReceived', '/pending-offers', { company: buyer.company.name, title: 'Spent grain' }],
      ['notification.offerReceived', '/pending-offers', { company: buyer.company.name, title: 'Spent grain' }],
    ]);
    const mails = await db()
      .select()
      .from(mail_outbox)
      .where(inArray(mail_outbox.to_address, [seller.manager.email, seller.member.email]));
    expect(mails.map((m) => m.to_address)).toEqual([seller.manager.email]);
    expect(mails[0]!.subject).toBe(`Synergy Marketplace: ${buyer.company.name} made an offer on “Spent grain”.`);
    await t.flush();
    const toSeller = t.sent.filter((s) => s.user_ids.includes(seller.manager.id));
    expect(toSeller.map((s) => s.event)).toEqual(expect.arrayContaining(['newOffer', 'newNotification', 'pendingOffersNumber']));
    expect(toSeller.find((s) => s.event === 'pendingOffersNumber')!.data).toEqual({ count: 1 });
    expect(t.sent.some((s) => s.user_ids.includes(buyer.member.id))).toBe(false);
  });

  it.each([
    ['quantity 0', { quantity: 0 }, 400, 'quantity', 'offer.quantityTooSmall'],
    ['a fractional quantity', { quantity: 1.5 }, 400, 'quantity', 'field.wholeNumber'],
    ['more than listed', { quantity: 1001 }, 409, 'quantity', 'offer.quantityAboveListing'],
    ['a message over 250 characters', { message: 'x'.repeat(251) }, 400, 'message', 'field.tooLong'],
    ['an empty message', { message: '  ' }, 400, 'message', 'field.required'],
  ])('refuses %s with the field code and writes nothing', async (_name, change, status, field, code) => {
    const { buyer, material } = await market();
    const before = await offerCount();
    const res = await api(buyer.memberActor)
      .post('/api/offers')
      .send({ material_id: material.id, quantity: 10, message: 'Hello', ...change });
    expect(res.status).toBe(status);
    expect(res.body.error.field_codes[field].code).toBe(code);
    expect(await offerCount()).toBe(before);
  });

  it('refuses an offer on the company own listing (400), on an archived listing (409 with the reason) and a second pending one (409), writing nothing', async () => {
    const { seller, buyer, material } = await market();
    const own = await api(seller.memberActor).post('/api/offers').send({ material_id: material.id, quantity: 1, message: 'Mine' });
    expect([own.status, own.body.error.message_code]).toEqual([400, 'offer.ownListing']);

    const archived = await createListing(db(), seller.company.id, { status: 'archived' });
    const inactive = await api(buyer.memberActor).post('/api/offers').send({ material_id: archived.id, quantity: 1, message: 'Hi' });
    expect([inactive.status, inactive.body.error.message_code]).toEqual([409, 'offer.listingNotActive']);
    expect(inactive.body.error.message).toBe('This listing is not active, so it takes no offers.');

    expect((await api(buyer.memberActor).post('/api/offers').send({ material_id: material.id, quantity: 1, message: 'First' })).status).toBe(201);
    const before = await offerCount();
    const second = await api(buyer.managerActor).post('/api/offers').send({ material_id: material.id, quantity: 2, message: 'Second' });
    expect([second.status, second.body.error.message_code]).toEqual([409, 'offer.alreadyPending']);
    expect(await offerCount()).toBe(before);
    const unknown = await api(buyer.memberActor).post('/api/offers').send({ material_id: 2_000_000_000, quantity: 1, message: 'Hi' });
    expect(unknown.status).toBe(404);
  });
});

describe('editing and withdrawing', () => {
  it('lets the offering company edit and withdraw while pending; the listing company gets 403, a third company 404', async () => {
    const { seller, buyer, material } = await market();
    const third = await createCompanyWithUsers(db());
    const { body: offer } = await api(buyer.memberActor).post('/api/offers').send({ material_id: material.id, quantity: 10, message: 'Hi' });
    const edited = await api(buyer.managerActor).put('/api/offers').send({ id: offer.id, quantity: 20 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ quantity: 20, message: 'Hi', status: 'pending' });
    expect((await api(seller.memberActor).put('/api/offers').send({ id: offer.id, quantity: 5 })).status).toBe(403);
    expect((await api(third.memberActor).put('/api/offers').send({ id: offer.id, quantity: 5 })).status).toBe(404);
    expect((await api(third.memberActor).delete(`/api/offers/${offer.id}`)).status).toBe(404);
    expect((await api(seller.memberActor).delete(`/api/offers/${offer.id}`)).status).toBe(403);

    const withdrawn = await api(buyer.memberActor).delete(`/api/offers/${offer.id}`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn', actions: [] });
    const again = await api(buyer.memberActor).put('/api/offers').send({ id: offer.id, message: 'Changed my mind' });
    expect([again.status, again.body.error.message_code]).toEqual([409, 'offer.alreadyWithdrawn']);
    // A withdrawn offer frees the way for a new one.
    expect((await api(buyer.memberActor).post('/api/offers').send({ material_id: material.id, quantity: 1, message: 'Again' })).status).toBe(201);
  });

  it('lists made and received offers by direction, and pending received ones', async () => {
    const { seller, buyer, material } = await market();
    const other = await createListing(db(), buyer.company.id, { title: 'Pallets' });
    await api(buyer.memberActor).post('/api/offers').send({ material_id: material.id, quantity: 1, message: 'made by buyer' });
    await api(seller.memberActor).post('/api/offers').send({ material_id: other.id, quantity: 1, message: 'made by seller' });
    const all = await api(buyer.memberActor).get('/api/offers');
    expect(all.body).toMatchObject({ total: 2, currentPage: 0, totalPages: 1 });
    const made = await api(buyer.memberActor).get('/api/offers?direction=made');
    expect(made.body.items.map((o: { message: string; direction: string }) => [o.message, o.direction])).toEqual([['made by buyer', 'made']]);
    const received = await api(buyer.memberActor).get('/api/offers?direction=received');
    expect(received.body.items.map((o: { message: string; actions: string[] }) => [o.message, o.actions])).toEqual([
      ['made by seller', ['accept', 'counter', 'reject']],
    ]);
    const pending = await api(buyer.memberActor).get('/api/offers/pending');
    expect(pending.body.items.map((o: { message: string }) => o.message)).toEqual(['made by seller']);
    const one = await api(seller.memberActor).get(`/api/offers/${received.body.items[0].id}`);
    expect(one.body).toMatchObject({ direction: 'made', message: 'made by seller' });
  });

  it('filters the list by listing and status (the listing page finds the company own pending offer)', async () => {
    const { buyer, material } = await market();
    const second = await market();
    const { body: first } = await api(buyer.memberActor).post('/api/offers').send({ material_id: material.id, quantity: 1, message: 'first' });
    await api(buyer.memberActor).delete(`/api/offers/${first.id}`);
    await api(buyer.memberActor).post('/api/offers').send({ material_id: material.id, quantity: 2, message: 'second' });
    await api(buyer.memberActor).post('/api/offers').send({ material_id: second.material.id, quantity: 3, message: 'elsewhere' });
    const messages = async (query: string) =>
      (await api(buyer.memberActor).get(`/api/offers?${query}`)).body.items.map((o: { message: string }) => o.message);
    expect(await messages(`direction=made&material_id=${material.id}`)).toEqual(['second', 'first']);
    expect(await messages(`direction=made&material_id=${material.id}&status=pending`)).toEqual(['second']);
    expect(await messages('direction=made&status=withdrawn')).toEqual(['first']);
    const bad = await api(buyer.memberActor).get('/api/offers?status=lost');
    expect(bad.status).toBe(400);
  });
});

describe('reviewing an offer', () => {
  it('accepts: one synergy IN_PROGRESS with its chat, the exchange_id in the answer, the offering company notified', async () => {
    const { seller, buyer, material } = await market();
    const { body: offer } = await api(buyer.memberActor)
      .post('/api/offers')
      .send({ material_id: material.id, quantity: 300, message: 'Weekly pickup' });
    expect((await api(buyer.memberActor).post('/api/offers/review').send({ id: offer.id, decision: 'accept' })).status).toBe(403);
    const res = await api(seller.memberActor).post('/api/offers/review').send({ id: offer.id, decision: 'accept' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', exchange_id: expect.any(Number) });
    const [exchange] = await db().select().from(exchanges).where(eq(exchanges.offer_id, offer.id));
    expect(exchange).toMatchObject({
      id: res.body.exchange_id,
      level_of_completion: 'IN_PROGRESS',
      provider_company_id: seller.company.id,
      requester_company_id: buyer.company.id,
      quantity: 300,
      request_message: 'Weekly pickup',
      item_requested: 'Spent grain',
    });
    const [chat] = await db().select().from(chats).where(eq(chats.exchange_id, exchange!.id));
    expect(chat).toMatchObject({ company_a_id: seller.company.id, company_b_id: buyer.company.id });
    const [note] = await db().select().from(notifications).where(eq(notifications.user_id, buyer.member.id));
    expect(note).toMatchObject({ code: 'notification.offerAccepted', link: `/messages?chat=${chat!.id}` });
    // Accepting again answers the same synergy; rejecting now is a conflict.
    const again = await api(seller.managerActor).post('/api/offers/review').send({ id: offer.id, decision: 'accept' });
    expect(again.body.exchange_id).toBe(res.body.exchange_id);
    const reject = await api(seller.managerActor).post('/api/offers/review').send({ id: offer.id, decision: 'reject' });
    expect([reject.status, reject.body.error.message_code]).toEqual([409, 'offer.alreadyAccepted']);
  });

  it('rejects with a reason; accepting afterwards is a conflict and no synergy exists', async () => {
    const { seller, buyer, material } = await market();
    const { body: offer } = await api(buyer.memberActor)
      .post('/api/offers')
      .send({ material_id: material.id, quantity: 3, message: 'Small sample?' });
    const res = await api(seller.memberActor).post('/api/offers/review').send({ id: offer.id, decision: 'reject', reason: 'Only full loads' });
    expect(res.body).toMatchObject({ status: 'rejected', review_reason: 'Only full loads', exchange_id: null });
    const accept = await api(seller.memberActor).post('/api/offers/review').send({ id: offer.id, decision: 'accept' });
    expect([accept.status, accept.body.error.message_code]).toEqual([409, 'offer.alreadyRejected']);
    expect(await db().select().from(exchanges).where(eq(exchanges.offer_id, offer.id))).toEqual([]);
    const [note] = await db().select().from(notifications).where(eq(notifications.user_id, buyer.member.id));
    expect(note).toMatchObject({ code: 'notification.offerRejected' });
  });

  it.skipIf(!onPostgres)(
    'makes exactly one synergy and one chat per offer when 40 offers on one listing are each accepted by 25 concurrent calls (real Postgres)',
    async () => {
      const seller = await createCompanyWithUsers(db());
      // Every acceptance of one listing's offers takes the listing's stock lock, so the calls queue on it: 1,000 of them
      // keep the run short on a loaded machine and still put 25 calls on each offer at once.
      const buyers = await Promise.all(Array.from({ length: 40 }, () => createCompanyWithUsers(db())));
      const listing = await createListing(db(), seller.company.id, { quantity: 1_000_000 });
      const made: { id: number }[] = [];
      for (const b of buyers) made.push(await t.caller(b.memberActor).offers.create({ material_id: listing.id, quantity: 5, message: 'Race' }));
      // A pool as large as a server's, so the calls really run side by side.
      const { results, ms } = await withWideCallers(t, 20, 'race', async (wide) => {
        const sellerCaller = wide.as(seller.managerActor);
        const started = Date.now();
        // Interleaved (offer 1..40, then again 1..40, ...): the 50 calls on one offer contend with each other, not the pool.
        const settled = await Promise.allSettled(
          Array.from({ length: 25 }, () => made.map((o) => sellerCaller.offers.review({ id: o.id, decision: 'accept' }))).flat(),
        );
        return { results: settled, ms: Date.now() - started };
      });
      const failed = results.filter((r) => r.status === 'rejected');
      expect(failed).toEqual([]);
      const ids = made.map((o) => o.id);
      const synergies = await db().select({ id: exchanges.id, offer_id: exchanges.offer_id }).from(exchanges).where(inArray(exchanges.offer_id, ids));
      expect(synergies).toHaveLength(40);
      const chatRows = await db()
        .select({ id: chats.id })
        .from(chats)
        .where(
          inArray(
            chats.exchange_id,
            synergies.map((s) => s.id),
          ),
        );
      expect(chatRows).toHaveLength(40);
      // Every call for one offer answered the same synergy.
      const byOffer = new Map(synergies.map((s) => [s.offer_id, s.id]));
      for (const r of results) if (r.status === 'fulfilled') expect(r.value.exchange_id).toBe(byOffer.get(r.value.id));
      console.log(`race: 1000 concurrent accepts of 40 offers in ${ms} ms -> ${synergies.length} synergies, ${chatRows.length} chats`);
    },
    180_000,
  );
});
