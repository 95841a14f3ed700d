// Needs (wanted listings) and saved searches through REST and the services, on PGlite and Postgres alike.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { restAs } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import { mail_outbox, need_matches, notifications, saved_searches } from '../../../drizzle/schema';
import type { Actor } from '../../lib/actor';
import { listingBody, type CreateListingBody } from '../../test/bodies';
import { createCompanyWithUsers, createListing } from '../../test/factories';
import { useTestContext } from '../../test/suite';
import { sendSavedSearchMails } from '../materials/saved-searches';

const t = useTestContext();

const db = () => t.database.db;
const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : ((r as { rows: unknown[] }).rows ?? [])) as T[];

const api = (actor: Actor) => restAs(t, actor);
/** A need (or a listing) the actor's company posts through REST, `o` overriding the defaults below. */
const postNeed = (actor: Actor, o: Record<string, unknown> = {}) => api(actor).post('/api/needs').send(need(o));
const postListing = (actor: Actor, o: Partial<CreateListingBody> = {}) => api(actor).post('/api/v2/materials').send(listingBody(o));

/** A place of its own for each test (tests share one database): somewhere random between 40°S and 40°N. */
function place() {
  const n = randomBytes(4).readUInt32BE() / 0xffffffff;
  const m = randomBytes(4).readUInt32BE() / 0xffffffff;
  return { lat: -40 + 80 * n, lng: -170 + 340 * m };
}
const eastOf = (p: { lat: number; lng: number }, km: number) => ({ lat: p.lat, lng: p.lng + km / (111.32 * Math.cos((p.lat * Math.PI) / 180)) });

type Company = Awaited<ReturnType<typeof createCompanyWithUsers>>;
/** A company `km` east of `at` for each distance (0: at it), made one after the other. */
async function companiesEastOf<const K extends readonly number[]>(at: { lat: number; lng: number }, kms: K) {
  const made: Company[] = [];
  for (const km of kms) made.push(await createCompanyWithUsers(db(), eastOf(at, km)));
  return made as { -readonly [I in keyof K]: Company };
}

/** A material group with a first-level code and a leaf code under it, and a leaf of another first level. */
async function taxonomy() {
  const picked = rowsOf<{ group_id: number; l1: string; leaf: string; other_leaf: string }>(
    await db().execute(sql`
      select f.material_group_id as group_id, f.code as l1, t.code as leaf,
        (select t2.code from third_level_subcategories t2 join second_level_subcategories s2 on s2.id = t2.second_level_subcategory_id
           join first_level_subcategories f2 on f2.id = s2.first_level_subcategory_id
          where f2.material_group_id = f.material_group_id and f2.id <> f.id and t2.code is not null limit 1) as other_leaf
      from third_level_subcategories t
      join second_level_subcategories s on s.id = t.second_level_subcategory_id
      join first_level_subcategories f on f.id = s.first_level_subcategory_id
      where t.code is not null and f.code is not null and t.code ~ '^[0-9]+$'
        and exists (select 1 from first_level_subcategories f3 where f3.material_group_id = f.material_group_id and f3.id <> f.id)
      order by f.material_group_id, t.id limit 1`),
  );
  return picked[0]!;
}

const need = (o: Record<string, unknown> = {}) => ({
  title: 'Wanted: spent grain',
  description: 'For animal feed, weekly',
  quantity: 500,
  unit: 'kg',
  max_distance_km: 20,
  ...o,
});

describe('needs through REST', () => {
  it('finds a code that sits under several groups (15 01 packaging) under the group the need names, and says a mismatch when it is not there', async () => {
    const holders = rowsOf<{ id: number }>(
      await db().execute(sql`
        select distinct f.material_group_id as id from second_level_subcategories s
          join first_level_subcategories f on f.id = s.first_level_subcategory_id
         where s.code = '1501' order by 1`),
    ).map((r) => Number(r.id));
    expect(holders.length).toBeGreaterThan(2);
    const buyer = await createCompanyWithUsers(db(), place());
    for (const group of holders.slice(-2)) {
      const res = await postNeed(buyer.memberActor, { material_group_id: group, material_group_code: '1501' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ material_group_id: group, material_group_code: '1501' });
    }
    // Without a group, the sub-chapter's home group: Packaging.
    const bare = await postNeed(buyer.memberActor, { material_group_code: '1501' });
    const [home] = rowsOf<{ id: number }>(await db().execute(sql`select id from material_groups where slug = 'packaging'`));
    expect(bare.body.material_group_id).toBe(Number(home!.id));
    const [elsewhere] = rowsOf<{ id: number }>(
      await db().execute(
        sql`select id from material_groups where id not in (${sql.join(
          holders.map((h) => sql`${h}`),
          sql`, `,
        )}) order by id limit 1`,
      ),
    );
    const mismatch = await postNeed(buyer.memberActor, { material_group_id: Number(elsewhere!.id), material_group_code: '1501' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields.material_group_code).toBe('This does not belong to the chosen material group');
  });

  it('creates a need with 201, lists it as the company’s own and lets only its company change it', async () => {
    const tx = await taxonomy();
    const buyer = await createCompanyWithUsers(db(), place());
    const other = await createCompanyWithUsers(db(), place());
    const res = await postNeed(buyer.memberActor, { material_group_code: tx.l1, until: '2999-01-01' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Wanted: spent grain',
      company_id: buyer.company.id,
      material_group_id: tx.group_id,
      material_group_code: tx.l1,
      unit: 'kg',
      max_distance_km: 20,
      until: '2999-01-01',
      is_open: true,
      is_own: true,
      matches: [],
    });
    const mine = await api(buyer.managerActor).get('/api/needs');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ total: 1, totalPages: 1, currentPage: 0 });
    expect(mine.body.items[0].id).toBe(res.body.id);

    // Another company reads an open need, but cannot change or delete it (404: ids leak nothing).
    expect((await api(other.memberActor).get(`/api/needs/${res.body.id}`)).body).toMatchObject({ id: res.body.id, is_own: false });
    expect(
      (
        await api(other.memberActor)
          .put(`/api/needs/${res.body.id}`)
          .send(need({ material_group_id: tx.group_id }))
      ).status,
    ).toBe(404);
    expect((await api(other.memberActor).delete(`/api/needs/${res.body.id}`)).status).toBe(404);
    expect((await api(other.memberActor).get('/api/needs')).body.total).toBe(0);

    const edited = await api(buyer.memberActor)
      .put(`/api/needs/${res.body.id}`)
      .send(need({ title: 'Wanted: grain', material_group_id: tx.group_id, max_distance_km: '40' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Wanted: grain', material_group_code: null, max_distance_km: 40, until: null });
    expect((await api(buyer.memberActor).delete(`/api/needs/${res.body.id}`)).status).toBe(200);
    expect((await api(buyer.memberActor).get(`/api/needs/${res.body.id}`)).status).toBe(404);
  });

  it('refuses invalid needs with the listing editor’s field messages', async () => {
    const tx = await taxonomy();
    const buyer = await createCompanyWithUsers(db(), place());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'x'.repeat(51), material_group_id: tx.group_id }, 'title', 'Title must be at most 50 characters'],
      [{ description: 'x'.repeat(501), material_group_id: tx.group_id }, 'description', 'Description must be at most 500 characters'],
      [{ quantity: -1, material_group_id: tx.group_id }, 'quantity', 'Quantity cannot be negative'],
      [{ quantity: 1.5, material_group_id: tx.group_id }, 'quantity', 'Quantity must be a whole number'],
      [{}, 'material_group_id', 'This field is required'],
      [{ material_group_code: 'NO-SUCH-CODE' }, 'material_group_code', 'Unknown material group or subcategory'],
      [{ material_group_id: tx.group_id, until: '2000-01-01' }, 'until', 'Choose today or a later day'],
      [{ material_group_id: tx.group_id, unit: 'tonnes' }, 'unit', 'Choose one of the options'],
      [{ material_group_id: tx.group_id, max_distance_km: 0 }, 'max_distance_km', 'Enter at least 1'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await postNeed(buyer.memberActor, patch);
      expect(res.status, field).toBe(400);
      expect(res.body.error.fields[field], field).toBe(message);
    }
    expect((await api(buyer.memberActor).get('/api/needs')).body.total).toBe(0);
  });
});

describe('matching new listings against open needs', () => {
  it('tells the need’s company live, once, about a listing under its code within its distance, and shows the match', async () => {
    const tx = await taxonomy();
    const at = place();
    const [buyer, near, far] = await companiesEastOf(at, [0, 8, 30]);
    const created = await postNeed(buyer.memberActor, { material_group_code: tx.l1, max_distance_km: 20 });
    const needId = created.body.id as number;

    t.sent.length = 0;
    const hit = await postListing(near.memberActor, { material_group_code: tx.leaf });
    expect(hit.status).toBe(201);
    // Outside the code, too far, or the buyer's own listing: no match.
    await postListing(near.memberActor, { material_group_code: tx.other_leaf });
    await postListing(far.memberActor, { material_group_code: tx.leaf });
    await postListing(buyer.memberActor, { material_group_code: tx.leaf });
    await t.flush();

    const told = await db().select().from(notifications).where(eq(notifications.code, 'notification.needMatched'));
    const toBuyer = told.filter((n) => n.user_id === buyer.member.id || n.user_id === buyer.manager.id);
    expect(toBuyer).toHaveLength(2);
    expect(toBuyer[0]).toMatchObject({
      type: 'new_materials',
      link: `/material/${hit.body.id}`,
      params: { need: 'Wanted: spent grain', title: 'Spent grain' },
    });
    const pushed = t.sent.filter((s) => s.event === 'newNotification' && s.user_ids.includes(buyer.member.id));
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.data).toMatchObject({ code: 'notification.needMatched', link: `/material/${hit.body.id}` });

    const detail = await api(buyer.memberActor).get(`/api/needs/${needId}`);
    expect(detail.body.matches.map((m: { material_id: number }) => m.material_id)).toEqual([hit.body.id]);
    expect(detail.body.matches[0]).toMatchObject({ source: 'matched', company_id: near.company.id });
    expect(detail.body.matches[0].distance_km).toBeCloseTo(8, 0);
    expect(detail.body.match_count).toBe(1);

    // The match is recorded once: running the matching again for the same listing tells nobody.
    const { matchNewListings } = await import('./service');
    expect(await db().transaction((tx2) => matchNewListings(tx2, [hit.body.id]))).toBe(0);
    expect(await db().select().from(need_matches).where(eq(need_matches.need_id, needId))).toHaveLength(1);
  });

  it('shows listings that already match when the need is created, without notifying', async () => {
    const tx = await taxonomy();
    const at = place();
    const supplier = await createCompanyWithUsers(db(), eastOf(at, 3));
    const listingRow = await createListing(db(), supplier.company.id, {
      material_group_id: tx.group_id,
      material_group_code: tx.leaf,
      latitude: eastOf(at, 3).lat,
      longitude: eastOf(at, 3).lng,
    });
    const buyer = await createCompanyWithUsers(db(), at);
    const created = await postNeed(buyer.memberActor, { material_group_id: tx.group_id, max_distance_km: 5 });
    expect(created.body.matches.map((m: { material_id: number }) => m.material_id)).toEqual([listingRow.id]);
    const told = await db().select().from(notifications).where(eq(notifications.user_id, buyer.member.id));
    expect(told).toHaveLength(0);
  });

  it('matches the listings of a bulk upload by a job after commit', async () => {
    const tx = await taxonomy();
    const at = place();
    const buyer = await createCompanyWithUsers(db(), at);
    await postNeed(buyer.memberActor, { material_group_id: tx.group_id, max_distance_km: 10 });
    const supplier = await createCompanyWithUsers(db(), eastOf(at, 2));
    const a = await createListing(db(), supplier.company.id, {
      material_group_id: tx.group_id,
      latitude: eastOf(at, 2).lat,
      longitude: eastOf(at, 2).lng,
    });
    await t.deps.db.transaction((tx2) =>
      t.deps.events.emit(tx2, 'materials.imported', {
        company_id: supplier.company.id,
        user_id: supplier.member.id,
        items: [{ material_id: a.id, material_group_id: tx.group_id }],
      }),
    );
    await t.flush();
    const told = await db().select().from(notifications).where(eq(notifications.user_id, buyer.member.id));
    expect(told.map((n) => n.code)).toEqual(['notification.needMatched']);
  });
});

describe('needs near a supplier (GET api/v2/needs)', () => {
  it('finds open needs of others by proximity, code and words, paged as the listing search', async () => {
    const tx = await taxonomy();
    const at = place();
    const [supplier, near, mid, far] = await companiesEastOf(at, [0, 3, 15, 60]);
    const a = (await postNeed(near.memberActor, { title: 'Need pallets', material_group_code: tx.l1 })).body;
    const b = (await postNeed(mid.memberActor, { material_group_id: tx.group_id })).body;
    const c = (await postNeed(far.memberActor, { material_group_id: tx.group_id })).body;
    await postNeed(supplier.memberActor, { material_group_id: tx.group_id }); // own: never listed
    const ids = async (q: string) => {
      const res = await api(supplier.memberActor).get(`/api/v2/needs?${q}`);
      expect(res.status).toBe(200);
      return res.body.items.map((i: { id: number }) => i.id);
    };
    expect(await ids('proximity=5')).toEqual([a.id]);
    expect(await ids('proximity=20')).toEqual([a.id, b.id]);
    expect(await ids('')).toEqual([a.id, b.id]);
    const any = await api(supplier.memberActor).get('/api/v2/needs?proximity=any&size=2&page=0');
    expect(any.body).toMatchObject({ currentPage: 0, total_capped: false });
    expect(any.body.items).toHaveLength(2);
    expect(any.body.items[0]).toMatchObject({ id: a.id, company_id: near.company.id });
    expect(any.body.items[0].distance_km).toBeCloseTo(3, 0);
    expect(await ids('proximity=any&q=pallets')).toEqual([a.id]);
    expect(await ids(`proximity=20&material_group_code=${tx.leaf}`)).toEqual([]);
    expect(await ids(`proximity=20&material_group_code=${tx.l1}`)).toEqual([a.id]);
    expect((await api(supplier.memberActor).get('/api/v2/needs?proximity=above40')).status).toBe(400);
    void c;
  });
});

describe('answering a need', () => {
  it('records the supplier’s listing on the need, tells the need’s company, and refuses repeats and others’ listings', async () => {
    const tx = await taxonomy();
    const at = place();
    const [buyer, supplier] = await companiesEastOf(at, [0, 50]);
    const stranger = await createCompanyWithUsers(db(), place());
    const n = (await postNeed(buyer.memberActor, { material_group_id: tx.group_id, max_distance_km: 5 })).body;
    const own = (await postListing(supplier.memberActor)).body;
    const theirs = (await postListing(stranger.memberActor)).body;

    const res = await api(supplier.memberActor).post(`/api/needs/${n.id}/answers`).send({ material_id: own.id, message: 'We deliver' });
    expect(res.status).toBe(201);
    expect(res.body.matches).toEqual([expect.objectContaining({ material_id: own.id, source: 'answered', message: 'We deliver' })]);
    const told = await db().select().from(notifications).where(eq(notifications.user_id, buyer.manager.id));
    expect(told).toEqual([expect.objectContaining({ code: 'notification.needAnswered', type: 'new_materials', link: `/material/${own.id}` })]);

    expect((await api(supplier.memberActor).post(`/api/needs/${n.id}/answers`).send({ material_id: own.id })).status).toBe(409);
    // A listing that matched the need by itself can still be offered for it: the match becomes the answer.
    const grouped = (await postListing(supplier.memberActor, { material_group_id: tx.group_id })).body;
    const matched = (await postNeed(buyer.memberActor, { material_group_id: tx.group_id, max_distance_km: 100 })).body;
    expect(matched.matches.map((m: { material_id: number }) => m.material_id)).toContain(grouped.id);
    const upgraded = await api(supplier.memberActor)
      .post(`/api/needs/${matched.id}/answers`)
      .send({ material_id: grouped.id, message: 'Still here' });
    expect(upgraded.status).toBe(201);
    expect(upgraded.body.matches).toEqual([expect.objectContaining({ material_id: grouped.id, source: 'answered', message: 'Still here' })]);
    const notOwn = await api(supplier.memberActor).post(`/api/needs/${n.id}/answers`).send({ material_id: theirs.id });
    expect(notOwn.status).toBe(400);
    expect(notOwn.body.error.fields.material_id).toBe('Choose one of your company’s active listings');
    expect((await api(buyer.memberActor).post(`/api/needs/${n.id}/answers`).send({ material_id: own.id })).status).toBe(400);
    // The buyer sees every match; the stranger sees none of the supplier's.
    expect((await api(buyer.memberActor).get(`/api/needs/${n.id}`)).body.matches).toHaveLength(1);
    expect((await api(stranger.memberActor).get(`/api/needs/${n.id}`)).body.matches).toEqual([]);
  });
});

describe('at once (races: real on Postgres, serialized on PGlite)', () => {
  it('takes one of many simultaneous answers with the same listing, and tells the need’s company once', async () => {
    const tx = await taxonomy();
    const at = place();
    const [buyer, supplier] = await companiesEastOf(at, [0, 500]);
    const n = (await postNeed(buyer.memberActor, { material_group_id: tx.group_id, max_distance_km: 5 })).body;
    const own = (await postListing(supplier.memberActor)).body;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => t.caller(supplier.memberActor).needs.answer({ id: n.id, material_id: own.id })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.cause?.code)).toEqual(
      Array(7).fill('CONFLICT'),
    );
    const told = await db().select().from(notifications).where(eq(notifications.user_id, buyer.member.id));
    expect(told).toHaveLength(1);
  });

  it('keeps the saved-search limit when a user saves many at once', async () => {
    const a = await createCompanyWithUsers(db(), place());
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        t.caller(a.memberActor).materials.savedSearches.create({ name: `S${i}`, filters: { q: `w${i}` }, notify: false }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    expect(await db().select().from(saved_searches).where(eq(saved_searches.user_id, a.member.id))).toHaveLength(20);
  });
});

describe('saved searches', () => {
  it('saves the marketplace URL parameters, lists and deletes only the user’s own', async () => {
    const a = await createCompanyWithUsers(db(), place());
    const res = await api(a.memberActor)
      .post('/api/saved-searches')
      .send({ name: 'Grain nearby', filters: '?q=grain&proximity=20&page=3&view=map&bogus=1', notify: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Grain nearby', filters: { q: 'grain', proximity: '20' }, query: 'q=grain&proximity=20', notify: true });
    const obj = await api(a.memberActor)
      .post('/api/saved-searches')
      .send({ name: 'Weekly', filters: { frequency: 'weekly', proximity: 40 } });
    expect(obj.body).toMatchObject({ filters: { frequency: 'weekly' }, notify: false, link: '/database?frequency=weekly' });
    const list = await api(a.memberActor).get('/api/saved-searches');
    expect(list.body.items.map((s: { id: number }) => s.id)).toEqual([obj.body.id, res.body.id]);
    expect((await api(a.managerActor).get('/api/saved-searches')).body.items).toEqual([]);
    expect((await api(a.managerActor).delete(`/api/saved-searches/${res.body.id}`)).status).toBe(404);
    expect((await api(a.memberActor).delete(`/api/saved-searches/${res.body.id}`)).status).toBe(200);
    expect((await api(a.memberActor).get('/api/saved-searches')).body.items).toHaveLength(1);
    expect((await api(a.memberActor).post('/api/saved-searches').send({ name: ' ', filters: {} })).body.error.fields.name).toBe(
      'This field is required',
    );
  });

  it('mails the day’s new matches once through the outbox, in the reader’s language', async () => {
    const at = place();
    const reader = await createCompanyWithUsers(db(), at);
    const word = `w${randomBytes(4).toString('hex')}`;
    const saved = await api(reader.memberActor)
      .post('/api/saved-searches')
      .send({ name: 'Words', filters: { q: word, proximity: 'any' }, notify: true });
    expect(saved.status).toBe(201);
    const quiet = (
      await api(reader.memberActor)
        .post('/api/saved-searches')
        .send({ name: 'Quiet', filters: { q: word }, notify: false })
    ).body;
    await db()
      .update(saved_searches)
      .set({ checked_at: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(saved_searches.user_id, reader.member.id));
    const seller = await createCompanyWithUsers(db(), eastOf(at, 100));
    await postListing(seller.memberActor, { title: `Grain ${word}` });
    await postListing(seller.memberActor, { title: 'Other things' });

    const first = await db().transaction((tx) => sendSavedSearchMails(tx, t.env));
    expect(first.searches).toBeGreaterThanOrEqual(1);
    const mails = await db().select().from(mail_outbox).where(eq(mail_outbox.to_address, reader.member.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'saved_search', language: 'en' });
    expect(mails[0]!.subject).toBe('New listings for your saved search “Words”');
    expect(mails[0]!.text_body).toContain(`Grain ${word}`);
    expect(mails[0]!.text_body).not.toContain('Other things');
    // Checked now: the next run finds nothing due, and the search without mail was never taken.
    await db().transaction((tx) => sendSavedSearchMails(tx, t.env));
    expect(await db().select().from(mail_outbox).where(eq(mail_outbox.to_address, reader.member.email))).toHaveLength(1);
    const [q] = await db().select().from(saved_searches).where(eq(saved_searches.id, quiet.id));
    expect(q!.checked_at.getTime()).toBeLessThan(Date.now() - 86_400_000);
  });
});
