// Stock (docs/decisions/0175): an accepted offer reserves its quantity; listings answer `quantity` and
// `available_quantity` on every transport; offers and acceptances beyond what is available answer 409 and change
// nothing; a fully reserved listing leaves search and recommendations; an unsuccessful end gives the quantity back;
// sub-listings likewise. The race at the end needs real Postgres (TEST_DATABASE_URL).
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exchanges, materials, offers, sub_listings } from '../../../drizzle/schema';
import type { Actor } from '../../lib/actor';
import type { CreateListingBody } from '../../test/bodies';
import { createCompanyWithUsers, createListing } from '../../test/factories';
import { restAs } from '../../test/rest-client';
import { onPostgres } from '../../test/postgres';
import { useTestContext } from '../../test/suite';
import { withWideCallers } from '../../test/wide';

const t = useTestContext();

const db = () => t.database.db;
const api = (actor: Actor) => restAs(t, actor);
const tag = () => Math.random().toString(36).slice(2, 9);

/** A seller with a listing of `quantity` kg (a unique title, so searches find only it) and two buyers. */
async function market(quantity = 10) {
  const seller = await createCompanyWithUsers(db());
  const a = await createCompanyWithUsers(db());
  const b = await createCompanyWithUsers(db());
  const title = `Stock ${tag()}`;
  const listing = await createListing(db(), seller.company.id, { title, quantity });
  return { seller, a, b, listing, title };
}

const offer = async (actor: Actor, material_id: number, quantity: number, extra: Record<string, unknown> = {}) =>
  api(actor)
    .post('/api/offers')
    .send({ material_id, quantity, message: 'We can collect', ...extra });
const accept = (actor: Actor, id: number) => api(actor).post('/api/offers/review').send({ id, decision: 'accept' });
const stockOf = async (id: number) =>
  (await db().select({ quantity: materials.quantity, reserved: materials.reserved_quantity }).from(materials).where(eq(materials.id, id)))[0]!;
const synergiesOf = async (materialId: number) =>
  (await db().select({ n: count() }).from(exchanges).where(eq(exchanges.material_id, materialId)))[0]!.n;

describe('an accepted offer reserves its quantity', () => {
  it('answers quantity and available_quantity on tRPC, REST detail, REST search and the own list', async () => {
    const { seller, a, b, listing, title } = await market(10);
    const { body: first } = await offer(a.memberActor, listing.id, 8);
    expect((await accept(seller.managerActor, first.id)).status).toBe(200);

    const trpc = await t.caller(b.memberActor).materials.get({ id: listing.id });
    expect(trpc).toMatchObject({ quantity: 10, reserved_quantity: 8, available_quantity: 2 });
    const detail = await api(b.memberActor).get(`/api/v2/materials/${listing.id}`);
    expect(detail.body).toMatchObject({ quantity: 10, reserved_quantity: 8, available_quantity: 2 });
    const search = await api(b.memberActor).get(`/api/v2/materials?q=${encodeURIComponent(title)}&proximity=any`);
    expect(search.body.items).toEqual([expect.objectContaining({ id: listing.id, quantity: 10, available_quantity: 2 })]);
    const own = await t.caller(seller.memberActor).materials.mine({ page: 0, size: 50, kind: 'all' });
    expect(own.items.find((m) => m.id === listing.id)).toMatchObject({ quantity: 10, available_quantity: 2 });
  });

  it('refuses a second 8 kg acceptance on a 10 kg listing with 409 and a clear message, and changes nothing', async () => {
    const { seller, a, b, listing } = await market(10);
    const { body: first } = await offer(a.memberActor, listing.id, 8);
    const { body: second } = await offer(b.memberActor, listing.id, 8);
    expect((await accept(seller.managerActor, first.id)).status).toBe(200);

    const res = await accept(seller.managerActor, second.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'NOT_ENOUGH_STOCK',
      message_code: 'offer.acceptAboveAvailable',
      params: { quantity: 8, available: 2 },
      message:
        'This offer asks for 8, but only 2 is still available: accepted offers reserve the rest. Ask the company to lower its offer, or decline it.',
    });
    // Nothing changed: the second offer waits, no second synergy, 8 kg reserved.
    expect((await db().select({ status: offers.status }).from(offers).where(eq(offers.id, second.id)))[0]!.status).toBe('pending');
    expect(await synergiesOf(listing.id)).toBe(1);
    expect(await stockOf(listing.id)).toEqual({ quantity: 10, reserved: 8 });
    // The pending offer says what is left, so both companies see why it cannot be accepted.
    const seen = await api(b.memberActor).get(`/api/offers/${second.id}`);
    expect(seen.body).toMatchObject({ status: 'pending', quantity: 8, available_quantity: 2, material: { quantity: 10, available_quantity: 2 } });

    // Lowered to what is left, it is accepted.
    expect((await api(b.memberActor).put('/api/offers').send({ id: second.id, quantity: 2 })).status).toBe(200);
    expect((await accept(seller.managerActor, second.id)).status).toBe(200);
    expect(await stockOf(listing.id)).toEqual({ quantity: 10, reserved: 10 });
  });

  it('refuses an offer or an edit beyond what is available with 409 and the field message, writing nothing', async () => {
    const { seller, a, b, listing } = await market(10);
    const { body: first } = await offer(a.memberActor, listing.id, 7);
    await accept(seller.managerActor, first.id);
    const before = (await db().select({ n: count() }).from(offers))[0]!.n;

    const res = await offer(b.memberActor, listing.id, 4);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'NOT_ENOUGH_STOCK',
      message_code: 'offer.quantityAboveAvailable',
      params: { available: 3 },
      field_codes: { quantity: { code: 'offer.quantityAboveAvailable', params: { available: 3 } } },
    });
    expect((await db().select({ n: count() }).from(offers))[0]!.n).toBe(before);

    const { body: small } = await offer(b.memberActor, listing.id, 3);
    const edit = await api(b.memberActor).put('/api/offers').send({ id: small.id, quantity: 5 });
    expect([edit.status, edit.body.error.message_code]).toEqual([409, 'offer.quantityAboveAvailable']);
    expect((await db().select({ quantity: offers.quantity }).from(offers).where(eq(offers.id, small.id)))[0]!.quantity).toBe(3);
  });

  it('takes a fully reserved listing out of search and recommendations, says so on its page, and an unsuccessful end gives it back', async () => {
    const { seller, a, b, listing, title } = await market(10);
    const { body: all } = await offer(a.memberActor, listing.id, 10);
    const { body: accepted } = await accept(seller.managerActor, all.id);
    const search = () => api(b.memberActor).get(`/api/v2/materials?q=${encodeURIComponent(title)}&proximity=any`);
    const recommended = async () => (await t.caller(b.memberActor).materials.recommended()).items.map((m) => m.id);

    expect((await search()).body.items).toEqual([]);
    expect(await recommended()).not.toContain(listing.id);
    const page = await api(b.memberActor).get(`/api/v2/materials/${listing.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ quantity: 10, reserved_quantity: 10, available_quantity: 0 });
    const refused = await offer(b.memberActor, listing.id, 1);
    expect([refused.status, refused.body.error.params]).toEqual([409, { available: 0 }]);

    // Ended unsuccessfully: the 10 kg are available again and the listing is back.
    const end = await api(a.memberActor).put(`/api/exchanges/${accepted.exchange_id}`).send({ level_of_completion: 'COMPLETED', successful: false });
    expect(end.status).toBe(200);
    expect(await stockOf(listing.id)).toEqual({ quantity: 10, reserved: 0 });
    expect((await search()).body.items.map((m: { id: number }) => m.id)).toEqual([listing.id]);
    expect(await recommended()).toContain(listing.id);
  });

  it('keeps the reservation of a synergy that ended successfully', async () => {
    const { seller, a, listing } = await market(10);
    const { body: o } = await offer(a.memberActor, listing.id, 6);
    const { body: accepted } = await accept(seller.managerActor, o.id);
    await api(seller.memberActor).put(`/api/exchanges/${accepted.exchange_id}`).send({ level_of_completion: 'COMPLETED', successful: true });
    expect(await stockOf(listing.id)).toEqual({ quantity: 10, reserved: 6 });
  });

  it('refuses an edit that lists less than is reserved (409, field message), and allows one that lists at least that', async () => {
    const { seller, a, listing } = await market(10);
    const { body: o } = await offer(a.memberActor, listing.id, 6);
    await accept(seller.managerActor, o.id);
    const edit = (quantity: number) =>
      t.caller(seller.managerActor).materials.update({
        id: listing.id,
        kind: 'offering',
        title: listing.title,
        description: listing.description,
        category: 'by-product',
        frequency: 'weekly',
        quantity,
        condition: 'Good',
        type: 'Test',
        final_use: 'Testing',
        sdg_goals: [],
        images: [],
        sub_listings: [],
      });
    await expect(edit(5)).rejects.toMatchObject({
      cause: { code: 'CONFLICT', detail: { code: 'listing.quantityBelowReserved', params: { reserved: 6 } } },
    });
    expect(await stockOf(listing.id)).toEqual({ quantity: 10, reserved: 6 });
    expect(await edit(6)).toMatchObject({ quantity: 6, available_quantity: 0, reserved_quantity: 6 });
  });
});

describe('sub-listings', () => {
  /** The bays listing as materials.create and materials.update take it, but for its title and sub-listings. */
  const baysFields: Omit<CreateListingBody, 'title'> = {
    kind: 'offering',
    description: 'Warehouse space',
    category: 'surplus',
    frequency: 'monthly',
    quantity: 250,
    condition: 'Dry',
    type: 'Space',
    final_use: 'Storage',
    sdg_goals: [],
    images: [],
  };
  async function bays() {
    const seller = await createCompanyWithUsers(db());
    const a = await createCompanyWithUsers(db());
    const b = await createCompanyWithUsers(db());
    const created = await t.caller(seller.managerActor).materials.create({
      ...baysFields,
      title: `Bays ${tag()}`,
      sub_listings: [
        { title: 'North bay', description: 'Dock door', quantity: 150 },
        { title: 'South bay', description: 'Office', quantity: 100 },
      ],
    });
    const [north, south] = created.sub_listings;
    return { seller, a, b, created, north: north!, south: south! };
  }

  it('answers each sub-listing with its available quantity, and an offer on one reserves from it and from the listing', async () => {
    const { seller, a, b, created, north, south } = await bays();
    expect(north).toMatchObject({ quantity: 150, reserved_quantity: 0, available_quantity: 150 });
    const { body: o } = await offer(a.memberActor, created.id, 120, { sub_listing_id: north.id });
    expect(o).toMatchObject({ sub_listing: { id: north.id, title: 'North bay' }, available_quantity: 150 });
    expect((await accept(seller.managerActor, o.id)).status).toBe(200);

    const page = await api(b.memberActor).get(`/api/v2/materials/${created.id}`);
    expect(page.body).toMatchObject({ quantity: 250, reserved_quantity: 120, available_quantity: 130 });
    expect(page.body.sub_listings).toEqual([
      expect.objectContaining({ id: north.id, quantity: 150, reserved_quantity: 120, available_quantity: 30 }),
      expect.objectContaining({ id: south.id, quantity: 100, reserved_quantity: 0, available_quantity: 100 }),
    ]);

    // Beyond the bay's rest: 409, even though the listing as a whole has 130 left.
    const over = await offer(b.memberActor, created.id, 31, { sub_listing_id: north.id });
    expect([over.status, over.body.error.message_code, over.body.error.params]).toEqual([409, 'offer.quantityAboveAvailable', { available: 30 }]);
    // Beyond the bay's own size: the listed ceiling.
    const huge = await offer(b.memberActor, created.id, 151, { sub_listing_id: north.id });
    expect([huge.status, huge.body.error.message_code, huge.body.error.params]).toEqual([409, 'offer.quantityAboveListing', { max: 150 }]);
    // A sub-listing of another listing is refused as a field.
    const other = await createListing(db(), seller.company.id);
    const wrong = await offer(b.memberActor, other.id, 1, { sub_listing_id: north.id });
    expect([wrong.status, wrong.body.error.field_codes.sub_listing_id.code]).toEqual([400, 'offer.unknownSubListing']);
  });

  it('keeps sub-listings by id across edits; refuses removing one an offer names, or lowering it below what is reserved', async () => {
    const { seller, a, b, created, north, south } = await bays();
    const { body: o } = await offer(a.memberActor, created.id, 100, { sub_listing_id: north.id });
    await accept(seller.managerActor, o.id);
    await offer(b.memberActor, created.id, 50, { sub_listing_id: south.id });
    const base = { ...baysFields, id: created.id, title: created.title };
    const edit = (subs: { id?: number; title: string; quantity: number }[]) =>
      t.caller(seller.managerActor).materials.update({ ...base, sub_listings: subs });

    // Renamed and resized in place: the same rows, the reservation kept.
    const renamed = await edit([
      { id: north.id, title: 'North bay with dock', quantity: 140 },
      { id: south.id, title: 'South bay', quantity: 100 },
    ]);
    expect(renamed.sub_listings.map((s) => [s.id, s.title, s.reserved_quantity])).toEqual([
      [north.id, 'North bay with dock', 100],
      [south.id, 'South bay', 0],
    ]);
    await expect(
      edit([
        { id: north.id, title: 'North', quantity: 99 },
        { id: south.id, title: 'South bay', quantity: 100 },
      ]),
    ).rejects.toMatchObject({
      cause: { code: 'CONFLICT', detail: { code: 'listing.subListingBelowReserved', params: { reserved: 100 } } },
    });
    // The north bay holds a reservation, the south bay a pending offer: neither can go.
    await expect(edit([{ id: south.id, title: 'South bay', quantity: 100 }])).rejects.toMatchObject({
      cause: { detail: { code: 'listing.subListingReserved', params: { title: 'North bay with dock' } } },
    });
    await expect(edit([{ id: north.id, title: 'North bay with dock', quantity: 140 }])).rejects.toMatchObject({
      cause: { detail: { code: 'listing.subListingReserved', params: { title: 'South bay' } } },
    });
    const rows = await db().select({ id: sub_listings.id }).from(sub_listings).where(eq(sub_listings.material_id, created.id));
    expect(rows.map((r) => r.id).sort()).toEqual([north.id, south.id].sort());
    // A caller that sends no ids (an older client) keeps the rows by title.
    const byTitle = await edit([
      { title: 'North bay with dock', quantity: 140 },
      { title: 'South bay', quantity: 100 },
      { title: 'Yard', quantity: 10 },
    ]);
    expect(byTitle.sub_listings.map((s) => s.id).slice(0, 2)).toEqual([north.id, south.id]);
  });
});

describe.skipIf(!onPostgres)('concurrent acceptances (real Postgres)', () => {
  it('never over-commits: 50 offers of 8 kg on a 100 kg listing, all accepted at once, reserve at most 100 kg', async () => {
    const seller = await createCompanyWithUsers(db());
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createCompanyWithUsers(db())));
    const listing = await createListing(db(), seller.company.id, { quantity: 100 });
    const made: number[] = [];
    for (const b of buyers) made.push((await t.caller(b.memberActor).offers.create({ material_id: listing.id, quantity: 8, message: 'Race' })).id);
    // A pool as large as a server's, so the 50 calls really run side by side.
    await withWideCallers(t, 25, 'stock-race', async (wide) => {
      const caller = wide.as(seller.managerActor);
      const results = await Promise.allSettled(made.map((id) => caller.offers.review({ id, decision: 'accept' })));
      const codes = results.map((r) => (r.status === 'fulfilled' ? 'ok' : ((r.reason as { cause?: { code?: string } }).cause?.code ?? 'thrown')));
      expect(codes.filter((c) => c === 'ok')).toHaveLength(12);
      expect(codes.filter((c) => c === 'NOT_ENOUGH_STOCK')).toHaveLength(38);
      const accepted = await db()
        .select({ quantity: offers.quantity })
        .from(offers)
        .where(and(inArray(offers.id, made), eq(offers.status, 'accepted')));
      expect(accepted.reduce((n, o) => n + o.quantity, 0)).toBe(96);
      expect(await synergiesOf(listing.id)).toBe(12);
      expect(await stockOf(listing.id)).toEqual({ quantity: 100, reserved: 96 });
    });
  }, 120_000);
});
