import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { request, restAs } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  companies,
  company_material_groups,
  material_groups,
  material_images,
  mail_outbox,
  materials,
  notifications,
  recommendation_displays,
  users,
} from '../../../drizzle/schema';
import { haversineKm } from '../../../shared/lib/geo';
import type { createDonationInput } from '../../../shared/schemas/donations';
import { demoPhotoPng } from '../../demo/listing-photos';
import type { Actor } from '../../lib/actor';
import { listingBody } from '../../test/bodies';
import { createAdmin, createCompanyWithUsers, createListing } from '../../test/factories';
import { useTestContext } from '../../test/suite';

const t = useTestContext();

type CreateDonationBody = z.input<typeof createDonationInput>;

const tag = () => `t${randomBytes(4).toString('hex')}`;
const db = () => t.database.db;
const pngDataUrl = (rgb: [number, number, number] = [10, 200, 30]) => `data:image/png;base64,${demoPhotoPng(rgb).toString('base64')}`;

/** A donation as POST api/donations takes it (donations are written through the donations module). */
const donationBody = (o: Partial<CreateDonationBody> = {}): CreateDonationBody => ({
  title: 'Surplus chairs',
  description: 'Forty stackable chairs',
  purpose: 'Furnish a community hall',
  item_count: 40,
  quantity_kg: 160,
  ...o,
});

const api = (actor: Actor) => restAs(t, actor);

/** A point `km` east of (lat, lng) along the parallel (close enough at these distances, then measured). */
const eastOf = (lat: number, lng: number, km: number) => ({ lat, lng: lng + km / (111.32 * Math.cos((lat * Math.PI) / 180)) });

describe('creating and editing listings', () => {
  it('creates a listing through REST with 201, the unit from the category and the caller company', async () => {
    const { company, memberActor } = await createCompanyWithUsers(db());
    const res = await api(memberActor)
      .post(`/api/v2/materials?company_id=${company.id}`)
      .send(listingBody({ sdg_goals: [12, 13] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Spent grain',
      company_id: company.id,
      status: 'active',
      kind: 'offering',
      quantity_unit: 'kg',
      is_own: true,
    });
    expect(res.body.sdg_goals.map((g: { id: number }) => g.id)).toEqual([12, 13]);
    expect(res.body.latitude).toBeCloseTo(55.6761);
    const knowledge = await t.caller(memberActor).materials.create(listingBody({ category: 'knowledge', quantity: '8' }));
    expect(knowledge.quantity_unit).toBe('hours');
    expect(knowledge.quantity).toBe(8);
    // PRODUCT.md: industrial and logistics space counts square metres of surplus capacity.
    const space = await t
      .caller(memberActor)
      .materials.create(listingBody({ category: 'surplus', material_group_code: 'S-SPACE-1.1.2', quantity: '400' }));
    expect(space.quantity_unit).toBe('m2');
  });

  it('refuses the SPEC limits with field messages and writes nothing', async () => {
    const { memberActor, company } = await createCompanyWithUsers(db());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'x'.repeat(51) }, 'title', 'Title must be at most 50 characters'],
      [{ description: 'x'.repeat(501) }, 'description', 'Description must be at most 500 characters'],
      [{ quantity: -1 }, 'quantity', 'Quantity cannot be negative'],
      [{ quantity: 1.5 }, 'quantity', 'Quantity must be a whole number'],
      [{ title: '   ' }, 'title', 'This field is required'],
      [{ final_use: undefined }, 'final_use', 'This field is required'],
      [{ images: [1, 2, 3, 4].map((i) => ({ name: `${i}.png`, body: pngDataUrl() })) }, 'images', 'You can add up to 3 photos'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await api(memberActor).post(`/api/v2/materials?company_id=${company.id}`).send(listingBody(patch));
      expect(res.status, field).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields[field]).toBe(message);
    }
    const rows = await db().select({ id: materials.id }).from(materials).where(eq(materials.company_id, company.id));
    expect(rows).toHaveLength(0);
  });

  it('stores real images, refuses a fake one (415) and a photo over 2 MB (400)', async () => {
    const { memberActor } = await createCompanyWithUsers(db());
    const created = await t.caller(memberActor).materials.create(listingBody({ images: [{ name: 'a.png', body: pngDataUrl() }] }));
    expect(created.images).toEqual([{ url: expect.stringMatching(/^\/files\/materials\/.+\.png$/), name: 'a.png', position: 0 }]);
    const [stored] = await db()
      .select({ storage_key: material_images.storage_key })
      .from(material_images)
      .where(eq(material_images.material_id, created.id));
    expect(`/files/${stored!.storage_key}`).toBe(created.images[0]!.url);
    const file = await request(t.app()).get(created.images[0]!.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    const fake = `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;
    await expect(t.caller(memberActor).materials.create(listingBody({ images: [{ name: 'x.png', body: fake }] }))).rejects.toMatchObject({
      cause: { code: 'UNSUPPORTED_MEDIA_TYPE', fields: { 'images.0': { code: 'error.UNSUPPORTED_MEDIA_TYPE' } } },
    });
    const big = `data:image/png;base64,${Buffer.alloc(2 * 1024 * 1024 + 1).toString('base64')}`;
    await expect(t.caller(memberActor).materials.create(listingBody({ images: [{ name: 'big.png', body: big }] }))).rejects.toMatchObject({
      cause: { code: 'VALIDATION', fields: { 'images.0.body': { code: 'listing.photoTooLarge', params: { mb: 2 } } } },
    });
  });

  it('keeps existing photos on edit, adds new ones, and refuses a URL that is not the listing’s', async () => {
    const { memberActor, company } = await createCompanyWithUsers(db());
    const c = t.caller(memberActor).materials;
    const created = await c.create(listingBody({ images: [{ name: 'a.png', body: pngDataUrl() }] }));
    const kept = created.images[0]!.url;
    const res = await api(memberActor)
      .put(`/api/v2/materials/${created.id}?company_id=${company.id}&uuid=${created.uuid}`)
      .send(
        listingBody({
          title: 'Renamed',
          images: [kept, { name: 'b.png', body: pngDataUrl([1, 2, 3]) }],
          sub_listings: [{ title: 'Lot A', quantity: 5 }],
        }),
      );
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Renamed');
    expect(res.body.images.map((i: { url: string }) => i.url)[0]).toBe(kept);
    expect(res.body.images).toHaveLength(2);
    expect(res.body.sub_listings).toMatchObject([{ title: 'Lot A', quantity: 5, description: null }]);

    const other = await createCompanyWithUsers(db());
    const foreign = await t.caller(other.memberActor).materials.create(listingBody({ images: [{ name: 'c.png', body: pngDataUrl() }] }));
    await expect(c.update({ ...listingBody({ images: [foreign.images[0]!.url] }), id: created.id })).rejects.toMatchObject({
      cause: { code: 'VALIDATION', fields: { 'images.0': { code: 'listing.photoNotOwned' } } },
    });
  });

  it('deletes the file of a removed photo unless another listing still shows it', async () => {
    const { memberActor } = await createCompanyWithUsers(db());
    const c = t.caller(memberActor).materials;
    const status = async (url: string) => (await request(t.app()).get(url)).status;
    const own = await c.create(listingBody({ images: [{ name: 'own.png', body: pngDataUrl([9, 9, 9]) }] }));
    const shared = await c.create(listingBody({ images: [{ name: 'shared.png', body: pngDataUrl([8, 8, 8]) }] }));
    const sharedUrl = shared.images[0]!.url;
    // Demo listings share one stored photo per template; this listing shows the same file.
    const twin = await c.create(listingBody());
    const [row] = await db()
      .select({ storage_key: material_images.storage_key })
      .from(material_images)
      .where(eq(material_images.material_id, shared.id));
    await db().insert(material_images).values({ material_id: twin.id, storage_key: row!.storage_key, name: 'shared.png' });
    expect((await c.get({ id: twin.id })).images.map((i) => i.url)).toEqual([sharedUrl]);

    await c.update({ ...listingBody({ images: [] }), id: own.id });
    expect(await status(own.images[0]!.url)).toBe(404);
    await c.update({ ...listingBody({ images: [] }), id: shared.id });
    expect(await status(sharedUrl)).toBe(200);
    await c.delete({ id: twin.id });
    expect(await status(sharedUrl)).toBe(404);
  });

  it('derives the whole taxonomy chain from a leaf code', async () => {
    const { memberActor } = await createCompanyWithUsers(db());
    const created = await t.caller(memberActor).materials.create(listingBody({ material_group_code: '02 07 04' }));
    expect(created.material_group_code).toBe('020704');
    expect(created.material_group_name).toBe('Food by-products');
    expect(created.third_level_subcategory_id).toEqual(expect.any(Number));
    expect(created.second_level_subcategory_id).toEqual(expect.any(Number));
    await expect(t.caller(memberActor).materials.create(listingBody({ material_group_code: '99 99 99' }))).rejects.toMatchObject({
      cause: { code: 'VALIDATION', fields: { material_group_code: { code: 'listing.unknownSubcategory' } } },
    });
  });
});

describe('who may change a listing', () => {
  it('answers 404 to another company editing, deleting or archiving, and changes nothing', async () => {
    const owner = await createCompanyWithUsers(db());
    const other = await createCompanyWithUsers(db());
    const created = await t.caller(owner.memberActor).materials.create(listingBody());
    const as = api(other.managerActor);
    const put = await as
      .put(`/api/v2/materials/${created.id}?company_id=${other.company.id}&uuid=${created.uuid}`)
      .send(listingBody({ title: 'Hijacked' }));
    const del = await as.delete(`/api/v2/materials/${created.id}`);
    const status = await as.post(`/api/v2/materials/${created.id}/status`).send({ action: 'archive' });
    for (const res of [put, del, status]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    const [row] = await db().select({ title: materials.title, status: materials.status }).from(materials).where(eq(materials.id, created.id));
    expect(row).toEqual({ title: 'Spent grain', status: 'active' });
  });

  it('answers 403 when company_id in the query is not the caller’s company', async () => {
    const a = await createCompanyWithUsers(db());
    const b = await createCompanyWithUsers(db());
    const res = await api(a.memberActor).post(`/api/v2/materials?company_id=${b.company.id}`).send(listingBody());
    expect(res.status).toBe(403);
  });

  it('answers 404 for a wrong uuid on PUT', async () => {
    const a = await createCompanyWithUsers(db());
    const created = await t.caller(a.memberActor).materials.create(listingBody());
    const res = await api(a.memberActor).put(`/api/v2/materials/${created.id}?uuid=${crypto.randomUUID()}`).send(listingBody());
    expect(res.status).toBe(404);
  });

  it('lets a member write offerings; donations are refused to members (403) and sent to the donations flow for managers', async () => {
    const a = await createCompanyWithUsers(db());
    await expect(t.caller(a.memberActor).materials.create(listingBody({ kind: 'donation' }))).rejects.toMatchObject({
      cause: { code: 'FORBIDDEN' },
    });
    await expect(t.caller(a.managerActor).materials.create(listingBody({ kind: 'donation' }))).rejects.toMatchObject({
      cause: { code: 'BAD_REQUEST', detail: { code: 'listing.donationOwnFlow' } },
    });
    const donation = await t.caller(a.managerActor).donations.create(donationBody());
    await expect(t.caller(a.memberActor).materials.delete({ id: donation.material_id })).rejects.toMatchObject({ cause: { code: 'FORBIDDEN' } });
    await expect(t.caller(a.managerActor).materials.delete({ id: donation.material_id })).rejects.toMatchObject({
      cause: { code: 'BAD_REQUEST', detail: { code: 'listing.donationOwnFlow' } },
    });
  });

  it('refuses administrators and anonymous callers on company procedures', async () => {
    const { adminActor } = await createAdmin(db());
    expect((await api(adminActor).get('/api/v2/materials')).status).toBe(403);
    expect((await request(t.app()).get('/api/v2/materials')).status).toBe(401);
  });

  it('archives, deactivates and re-activates through the transition table; a wrong step is 409', async () => {
    const a = await createCompanyWithUsers(db());
    const c = t.caller(a.memberActor).materials;
    const created = await c.create(listingBody());
    expect(await c.setStatus({ id: created.id, action: 'deactivate' })).toEqual({ id: created.id, status: 'deactivated' });
    await expect(c.setStatus({ id: created.id, action: 'deactivate' })).rejects.toMatchObject({ cause: { code: 'CONFLICT' } });
    expect((await c.setStatus({ id: created.id, action: 'archive' })).status).toBe('archived');
    expect((await c.setStatus({ id: created.id, action: 'reactivate' })).status).toBe('active');
  });

  it('hides another company’s archived listing (404) but shows it to its owner', async () => {
    const owner = await createCompanyWithUsers(db());
    const other = await createCompanyWithUsers(db());
    const created = await t.caller(owner.memberActor).materials.create(listingBody());
    await t.caller(owner.memberActor).materials.setStatus({ id: created.id, action: 'archive' });
    expect((await api(other.memberActor).get(`/api/v2/materials/${created.id}`)).status).toBe(404);
    const own = await api(owner.memberActor).get(`/api/v2/materials/${created.id}`);
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('archived');
  });

  it('serves a viewer the current detail through the read cache: the owner’s edit, a photo, the company’s rename and rejection', async () => {
    const owner = await createCompanyWithUsers(db(), { lat: 55.6761, lng: 12.5683 });
    const viewer = await createCompanyWithUsers(db(), { lat: 55.4038, lng: 10.4024 });
    const created = await t.caller(owner.memberActor).materials.create(listingBody());
    const view = () => api(viewer.memberActor).get(`/api/v2/materials/${created.id}`);
    const first = await view();
    expect(first.body.title).toBe('Spent grain');
    // The distance is the viewer's own (the cached row is the same for every viewer).
    expect(first.body.distance_km).toBeCloseTo(haversineKm({ lat: 55.4038, lng: 10.4024 }, { lat: 55.6761, lng: 12.5683 }), 3);
    expect((await api(owner.memberActor).get(`/api/v2/materials/${created.id}`)).body.distance_km).toBe(0);
    expect((await view()).body.title).toBe('Spent grain');
    await t.caller(owner.memberActor).materials.update({ ...listingBody({ title: 'Renamed grain' }), id: created.id, uuid: created.uuid });
    expect((await view()).body.title).toBe('Renamed grain');
    await db()
      .insert(material_images)
      .values({ material_id: created.id, storage_key: `x/${tag()}.png`, name: 'late.png', position: 9 });
    await t.deps.caches.sync(); // a write straight to the database arrives by NOTIFY
    expect((await view()).body.images.map((i: { name: string }) => i.name)).toContain('late.png');
    await db().update(companies).set({ name: 'Brewery Renamed' }).where(eq(companies.id, owner.company.id));
    await t.deps.caches.sync();
    expect((await view()).body.company_name).toBe('Brewery Renamed');
    await db().update(companies).set({ status: 'rejected' }).where(eq(companies.id, owner.company.id));
    await t.deps.caches.sync();
    expect((await view()).status).toBe(404);
  });

  it('deletes the company’s own listing', async () => {
    const a = await createCompanyWithUsers(db());
    const created = await t.caller(a.memberActor).materials.create(listingBody());
    const res = await api(a.memberActor).delete(`/api/v2/materials/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: created.id });
    expect((await api(a.memberActor).get(`/api/v2/materials/${created.id}`)).status).toBe(404);
  });
});

describe('search by distance', () => {
  // A quiet corner of the map so other tests' listings never fall inside the radius.
  const origin = { lat: 4.2, lng: 101.6 };

  it('finds 3 km and not 30 km at 5 km, gives distances in km to ±0.1, and sorts by distance', async () => {
    const word = tag();
    const p3 = eastOf(origin.lat, origin.lng, 3);
    const p30 = eastOf(origin.lat, origin.lng, 30);
    const p60 = eastOf(origin.lat, origin.lng, 60);
    const viewer = await createCompanyWithUsers(db(), origin);
    const near = await createCompanyWithUsers(db(), p3);
    const far = await createCompanyWithUsers(db(), p30);
    const farther = await createCompanyWithUsers(db(), p60);
    for (const c of [viewer, near, far, farther]) await t.caller(c.memberActor).materials.create(listingBody({ title: `${word} listing` }));

    const search = (qs: string) => api(viewer.memberActor).get(`/api/v2/materials?q=${word}&${qs}`);
    const within5 = await search('proximity=5');
    expect(within5.status).toBe(200);
    expect(within5.body.items.map((i: { company_id: number }) => i.company_id)).toEqual([near.company.id]);
    expect(within5.body.items[0].distance_km).toBeCloseTo(haversineKm(origin, p3), 1);
    expect(Math.abs(within5.body.items[0].distance_km - 3)).toBeLessThan(0.1);

    const within40 = await search('proximity=40');
    expect(within40.body.items.map((i: { company_id: number }) => i.company_id)).toEqual([near.company.id, far.company.id]);
    expect(Math.abs(within40.body.items[1].distance_km - 30)).toBeLessThan(0.1);

    const above = await search('proximity=above40');
    expect(above.body.items.map((i: { company_id: number }) => i.company_id)).toEqual([farther.company.id]);

    const any = await search('proximity=any');
    expect(any.body.items.map((i: { company_id: number }) => i.company_id)).toEqual([near.company.id, far.company.id, farther.company.id]);

    const withOwn = await search('proximity=5&include_own=true');
    expect(withOwn.body.items.map((i: { company_id: number }) => i.company_id)).toEqual([viewer.company.id, near.company.id]);
    expect(withOwn.body.items[0].distance_km).toBeCloseTo(0, 3);
    // Left out, the caller's own matching listings are counted so the screen can say they are hidden.
    expect(within5.body.own_hidden).toBe(1);
    expect(withOwn.body.own_hidden).toBe(0);
    expect((await search('proximity=5&category=waste')).body.own_hidden).toBe(0);
  });

  it('answers the SPEC page shape with defaults proximity 40, page 0, size 12 and a capped-total flag', async () => {
    const word = tag();
    const viewer = await createCompanyWithUsers(db(), { lat: 4.6, lng: 101.1 });
    const seller = await createCompanyWithUsers(db(), eastOf(4.6, 101.1, 1));
    for (let i = 0; i < 14; i++) await t.caller(seller.memberActor).materials.create(listingBody({ title: `${word} ${i}` }));
    const res = await api(viewer.memberActor).get(`/api/v2/materials?q=${word}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 14, totalPages: 2, currentPage: 0, total_capped: false });
    expect(res.body.items).toHaveLength(12);
    expect(Object.keys(res.body.items[0])).toEqual(
      expect.arrayContaining(['id', 'uuid', 'title', 'category', 'distance_km', 'company_name', 'image_url', 'quantity_unit', 'created_at']),
    );
    const page1 = await api(viewer.memberActor).get(`/api/v2/materials?q=${word}&page=1`);
    expect(page1.body.items).toHaveLength(2);
    const ids = new Set([...res.body.items, ...page1.body.items].map((i: { id: number }) => i.id));
    expect(ids.size).toBe(14);
    const newest = await api(viewer.memberActor).get(`/api/v2/materials?q=${word}&sort=newest&size=3`);
    expect(newest.body.items.map((i: { title: string }) => i.title)).toEqual([`${word} 13`, `${word} 12`, `${word} 11`]);
  });

  it('filters by category, frequency, material group at any level and code prefix', async () => {
    const word = tag();
    const viewer = await createCompanyWithUsers(db(), { lat: 5.1, lng: 100.4 });
    const seller = await createCompanyWithUsers(db(), eastOf(5.1, 100.4, 2));
    const s = t.caller(seller.memberActor).materials;
    const grain = await s.create(listingBody({ title: `${word} grain`, material_group_code: '02 07 04', frequency: 'daily' }));
    const know = await s.create(listingBody({ title: `${word} know`, category: 'knowledge', frequency: 'one-off' }));
    const get = async (qs: string) =>
      (await api(viewer.memberActor).get(`/api/v2/materials?q=${word}&${qs}`)).body.items.map((i: { id: number }) => i.id).sort();
    expect(await get('category=knowledge')).toEqual([know.id]);
    expect(await get('category=knowledge,by-product')).toEqual([grain.id, know.id].sort());
    expect(await get('frequency=daily')).toEqual([grain.id]);
    expect(await get('material_group_code=0207')).toEqual([grain.id]);
    expect(await get('material_group_code=02%2007')).toEqual([grain.id]);
    expect(await get('material_group_code=0208')).toEqual([]);
    expect(await get(`material_group_id=${grain.material_group_id}`)).toEqual([grain.id]);
    expect(await get(`second_level_subcategory_id=${grain.second_level_subcategory_id}`)).toEqual([grain.id]);
    expect(await get(`third_level_subcategory_id=${grain.third_level_subcategory_id}`)).toEqual([grain.id]);
    const bad = await api(viewer.memberActor).get('/api/v2/materials?proximity=7');
    expect(bad.status).toBe(400);
  });

  it('leaves out archived listings and listings of companies that are not approved', async () => {
    const word = tag();
    const viewer = await createCompanyWithUsers(db(), { lat: 5.5, lng: 100.9 });
    const seller = await createCompanyWithUsers(db(), eastOf(5.5, 100.9, 1));
    const s = t.caller(seller.memberActor).materials;
    const archived = await s.create(listingBody({ title: `${word} a` }));
    await s.setStatus({ id: archived.id, action: 'archive' });
    // Active listings of a pending and of a rejected company, as near as the seller's.
    for (const status of ['pending', 'rejected'] as const) {
      const other = await createCompanyWithUsers(db(), { ...eastOf(5.5, 100.9, 1), status });
      await createListing(db(), other.company.id, { title: `${word} ${status}`, latitude: 5.5, longitude: eastOf(5.5, 100.9, 1).lng });
    }
    // The control: the same search finds an active listing of an approved company.
    const visible = await s.create(listingBody({ title: `${word} visible` }));
    const res = await api(viewer.memberActor).get(`/api/v2/materials?q=${word}&proximity=any`);
    expect(res.body.items.map((i: { id: number }) => i.id)).toEqual([visible.id]);
    expect(res.body.total).toBe(1);
  });
});

describe('own lists, country codes and admin views', () => {
  it('lists the company’s own offerings, donations and both, paged', async () => {
    const a = await createCompanyWithUsers(db());
    const c = t.caller(a.managerActor).materials;
    await c.create(listingBody({ title: 'o1' }));
    await c.create(listingBody({ title: 'o2' }));
    await t.caller(a.managerActor).donations.create(donationBody({ title: 'd1' }));
    const as = api(a.memberActor);
    const off = await as.get('/api/v2/materials/offerings');
    const don = await as.get('/api/v2/materials/donations');
    const both = await as.get('/api/v2/materials/offerings-and-donations?size=2');
    expect(off.body.items.map((i: { title: string }) => i.title)).toEqual(['o2', 'o1']);
    expect(don.body.items.map((i: { title: string }) => i.title)).toEqual(['d1']);
    expect(both.body).toMatchObject({ total: 3, totalPages: 2, currentPage: 0 });
  });

  it('lists country codes where active listings exist, for any logged-in user', async () => {
    const a = await createCompanyWithUsers(db());
    await t.caller(a.memberActor).materials.create(listingBody());
    const res = await api(a.memberActor).get('/api/v2/materials/country-codes');
    expect(res.status).toBe(200);
    expect(res.body.items).toContain('DK');
    expect((await request(t.app()).get('/api/v2/materials/country-codes')).status).toBe(401);
  });

  it('gives administrators all listings with their company, stats and total clicks; others 403', async () => {
    const a = await createCompanyWithUsers(db());
    const created = await t.caller(a.memberActor).materials.create(listingBody());
    const { adminActor } = await createAdmin(db());
    const as = api(adminActor);
    const list = await as.get(`/admin/materials?company_id=${a.company.id}`);
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({ id: created.id, company_id: a.company.id, company_name: a.company.name });
    const stats = await as.get('/admin/materials/stats');
    expect(stats.body.by_category['by-product']).toBeGreaterThan(0);
    expect(stats.body.by_status.active).toBeGreaterThan(0);
    expect(stats.body.total).toBe(Object.values(stats.body.by_kind as Record<string, number>).reduce((x, y) => x + y, 0));
    const clicks = await as.get('/admin/total-recommendations-clicks');
    // SPEC §7: total_clicks; adds displays, the click-through rate and months beside it.
    expect(clicks.body).toMatchObject({ total_clicks: expect.any(Number), total_displays: expect.any(Number) });
    expect((await api(a.managerActor).get('/admin/materials')).status).toBe(403);
    expect((await as.get(`/admin/materials/${created.id}`)).body.id).toBe(created.id);
  });
});

describe('recommendations', () => {
  it('ranks the interested group first, never shows own listings, keeps 4, gives a reason and logs displays', async () => {
    const word = tag();
    const base = { lat: -33.9, lng: 18.4 };
    const viewer = await createCompanyWithUsers(db(), base);
    const [food] = await db().select({ id: material_groups.id }).from(material_groups).where(eq(material_groups.slug, 'food-by-products'));
    await db().insert(company_material_groups).values({ company_id: viewer.company.id, material_group_id: food!.id, relation: 'interested' });
    await t.caller(viewer.memberActor).materials.create(listingBody({ title: `${word} own`, material_group_code: '02 07 04' }));
    const nearSeller = await createCompanyWithUsers(db(), eastOf(base.lat, base.lng, 1));
    const farSeller = await createCompanyWithUsers(db(), eastOf(base.lat, base.lng, 80));
    for (let i = 0; i < 5; i++)
      await t.caller(nearSeller.memberActor).materials.create(listingBody({ title: `${word} near ${i}`, material_group_id: null }));
    const match = await t.caller(farSeller.memberActor).materials.create(listingBody({ title: `${word} match`, material_group_code: '02 07 04' }));

    const res = await api(viewer.memberActor).get('/api/recommended-materials');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(4);
    expect(res.body.items[0].id).toBe(match.id);
    expect(res.body.items[0].reason).toMatchObject({ matched_group_name: 'Food by-products' });
    expect(Math.abs(res.body.items[0].reason.distance_km - 80)).toBeLessThan(0.2);
    expect(res.body.items.slice(1).every((i: { reason: { matched_group_name: string | null } }) => i.reason.matched_group_name === null)).toBe(true);
    expect(res.body.items.some((i: { company_id: number }) => i.company_id === viewer.company.id)).toBe(false);

    // Displays are logged in batches, off the read path (displays.ts): nothing written yet, all four after a flush.
    const shown = () => db().select().from(recommendation_displays).where(eq(recommendation_displays.company_id, viewer.company.id));
    expect(await shown()).toHaveLength(0);
    await t.deps.displays.flush();
    expect(await shown()).toHaveLength(4);
    const displayed = await api(viewer.memberActor).get('/api/recommendation-displayed');
    expect(displayed.body).toMatchObject({ total: 4, currentPage: 0 });
    expect(displayed.body.items[0]).toMatchObject({ material_id: expect.any(Number), displayed_at: expect.any(String) });
  });

  it('records a click through REST and tRPC and counts it for the administrator', async () => {
    const viewer = await createCompanyWithUsers(db());
    const seller = await createCompanyWithUsers(db());
    const m = await t.caller(seller.memberActor).materials.create(listingBody());
    const { adminActor } = await createAdmin(db());
    const before = (await t.caller(adminActor).materials.admin.totalClicks()).total_clicks;
    const res = await api(viewer.memberActor).post('/api/recommendation-clicked').send({ material_id: m.id });
    expect(res.status).toBe(201);
    await t.caller(viewer.memberActor).materials.recommendationClicked({ material_id: m.id });
    expect((await t.caller(adminActor).materials.admin.totalClicks()).total_clicks).toBe(before + 2);
    expect((await api(viewer.memberActor).post('/api/recommendation-clicked').send({ material_id: 999999 })).status).toBe(404);
  });
});

describe('new-listing notifications', () => {
  it('notifies interested users of other companies under the bell, mails those who keep new-listing mail on, and pushes the notification and the counter', async () => {
    const [wood] = await db().select({ id: material_groups.id }).from(material_groups).where(eq(material_groups.slug, 'wood'));
    const seller = await createCompanyWithUsers(db());
    const buyer = await createCompanyWithUsers(db());
    const quiet = await createCompanyWithUsers(db());
    const uninterested = await createCompanyWithUsers(db());
    await db()
      .insert(company_material_groups)
      .values([seller, buyer, quiet].map((c) => ({ company_id: c.company.id, material_group_id: wood!.id, relation: 'interested' as const })));
    await db().update(users).set({ email_notifications_new_listings: false }).where(eq(users.company_id, quiet.company.id));

    t.sent.length = 0;
    const created = await t.caller(seller.memberActor).materials.create(listingBody({ title: 'Oak offcuts', material_group_id: wood!.id }));
    await t.flush();

    const rows = await db().select().from(notifications).where(eq(notifications.type, 'new_materials'));
    const notified = new Set(rows.filter((r) => r.link === `/material/${created.id}`).map((r) => r.user_id));
    // The mail preference decides the mail, not the bell: the quiet company is notified but not mailed.
    const interested = [buyer.manager.id, buyer.member.id, quiet.manager.id, quiet.member.id];
    expect(notified).toEqual(new Set(interested));
    expect(notified.has(uninterested.member.id)).toBe(false);
    const mailed = await db().select({ to: mail_outbox.to_address }).from(mail_outbox).where(eq(mail_outbox.template, 'activity'));
    const mailedTo = new Set(mailed.map((m) => m.to));
    expect(mailedTo.has(buyer.member.email) && mailedTo.has(buyer.manager.email)).toBe(true);
    expect(mailedTo.has(quiet.member.email) || mailedTo.has(quiet.manager.email)).toBe(false);
    const pushed = t.sent.filter((s) => s.event === 'newNotification');
    expect(pushed.map((s) => s.user_ids[0]).sort()).toEqual([...interested].sort());
    expect(pushed[0]!.data).toMatchObject({
      type: 'new_materials',
      seen: false,
      link: `/material/${created.id}`,
      code: 'notification.newListing',
      params: { title: 'Oak offcuts' },
    });
    expect((pushed[0]!.data as { message: string }).message).toContain('Oak offcuts');
    const unseen = t.sent.filter((s) => s.event === 'notificationsUnseen' && s.user_ids[0] === buyer.member.id);
    expect(unseen.at(-1)!.data).toEqual({ count: 1 });
    const [n] = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.user_id, buyer.member.id), eq(notifications.type, 'new_materials')));
    expect(n).toBeDefined();
  });
});
