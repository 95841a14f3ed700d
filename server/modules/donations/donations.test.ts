// Donations end to end on the service and REST layers: the manager's create and edit, every
// SPEC §5 rule refusing bad input with its message and writing nothing, who may do what (a member cannot create,
// another company's donation is 404, only administrators decide, the dashboard needs its access flag), approve and
// deny only from pending with a notification and a mail, the QR code, the public check and hand-over, tags with
// audit entries, the dashboard's figures against the database, live events, and races on Postgres.
import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  audit_log,
  defra_factors,
  donation_tags,
  donations,
  mail_outbox,
  material_groups,
  materials,
  notifications,
  users,
} from '../../../drizzle/schema';
import { computeCo2eAvoided, DEFRA_FACTOR_SET, type DefraFactorRow } from '../../../shared/lib/impact';
import { lastMonths } from '../../../shared/lib/stats';
import type { createDonationInput } from '../../../shared/schemas/donations';
import { demoPhotoPng } from '../../demo/listing-photos';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { createAdmin, createCompanyWithUsers, createUser } from '../../test/factories';
import { createTestContext } from '../../test/harness';
import { useTestWorld } from '../../test/suite';
import { request, restAs } from '../../test/rest-client';
import { onPostgres } from '../../test/postgres';

const { t, admin } = useTestWorld();
let woodGroup: number;
beforeAll(async () => {
  const [wood] = await t.database.db.select({ id: material_groups.id }).from(material_groups).where(eq(material_groups.slug, 'wood'));
  woodGroup = wood!.id;
});
const db = () => t.database.db;
const tag = () => Math.random().toString(36).slice(2, 8);
const pngDataUrl = () => `data:image/png;base64,${demoPhotoPng([200, 80, 30]).toString('base64')}`;

/** A donation as donations.create (and, with `id`, donations.update) takes it. */
type DonationBody = z.input<typeof createDonationInput>;
function body(o: Partial<DonationBody> = {}): DonationBody {
  return {
    title: 'Oak offcuts for the school',
    description: 'Planed oak offcuts, 20 to 60 cm, dry and clean.',
    purpose: 'Woodwork lessons at the local school',
    item_count: 120,
    quantity_kg: 1000,
    total_value: 1500.5,
    boxes: 12,
    donation_tag_id: null,
    ...o,
  };
}

/** A company with a manager, a member and a dashboard viewer. */
async function donor(o: { name?: string } = {}) {
  const c = await createCompanyWithUsers(db(), { name: o.name ?? `Donor ${tag()}`, preferred_currency: 'DKK' });
  return c;
}
async function create(actor: Actor, o: Partial<DonationBody> = {}) {
  return t.caller(actor).donations.create(body(o));
}
async function approved(actor: Actor, o: Partial<DonationBody> = {}) {
  const d = await create(actor, o);
  return t.caller(admin.adminActor).donations.admin.approve({ id: d.id, approver_name: 'Sofie Andersen' });
}
const countDonations = async (companyId: number) =>
  (
    await db()
      .select({ n: count() })
      .from(donations)
      .innerJoin(materials, eq(materials.id, donations.material_id))
      .where(eq(materials.company_id, companyId))
  )[0]!.n;

describe('the manager creates and edits donations', () => {
  it('creates a pending donation through POST api/donations (201) as a listing of kind donation, hidden from the marketplace', async () => {
    const a = await donor();
    const res = await restAs(t, a.managerActor)
      .post('/api/donations')
      .send(body({ images: [{ name: 'oak.png', body: pngDataUrl() }] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      status: 'pending',
      title: 'Oak offcuts for the school',
      purpose: 'Woodwork lessons at the local school',
      item_count: 120,
      quantity_kg: 1000,
      total_value: 1500.5,
      currency: 'DKK',
      boxes: 12,
      company_id: a.company.id,
      qr_code: null,
      verify_url: null,
      impact: null,
      images: [{ url: expect.stringMatching(/^\/files\/materials\/.+\.png$/), name: 'oak.png' }],
    });
    const [listing] = await db().select().from(materials).where(eq(materials.id, res.body.material_id));
    expect(listing).toMatchObject({ kind: 'donation', company_id: a.company.id, status: 'deactivated', quantity: 1000, quantity_unit: 'kg' });
    const [row] = await db().select().from(donations).where(eq(donations.id, res.body.id));
    expect(row).toMatchObject({ total_value_minor: 150050, currency: 'DKK', boxes_count: 12, status: 'pending' });

    // GET api/donations/{id} and GET api/v2/materials/donations (SPEC §7) show it to its company.
    expect((await restAs(t, a.memberActor).get(`/api/donations/${res.body.id}`)).body).toMatchObject({ id: res.body.id, status: 'pending' });
    const mine = await restAs(t, a.memberActor).get('/api/v2/materials/donations');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ total: 1, currentPage: 0, items: [{ id: res.body.id, status: 'pending', purpose: body().purpose }] });
    // Another company sees neither the listing nor the donation.
    const b = await donor();
    expect((await restAs(t, b.memberActor).get(`/api/v2/materials/${res.body.material_id}`)).status).toBe(404);
    expect((await restAs(t, b.memberActor).get(`/api/donations/${res.body.id}`)).status).toBe(404);
  });

  it('refuses a member (403) and writes nothing', async () => {
    const a = await donor();
    const res = await restAs(t, a.memberActor).post('/api/donations').send(body());
    expect(res.status).toBe(403);
    await expect(create(a.memberActor)).rejects.toMatchObject({ cause: { code: 'FORBIDDEN' } });
    expect(await countDonations(a.company.id)).toBe(0);
  });

  it('refuses every SPEC §5 donation rule with its message and writes nothing', async () => {
    const a = await donor();
    const cases: [Partial<DonationBody>, string, string][] = [
      [{ purpose: undefined }, 'purpose', 'This field is required'],
      [{ purpose: '   ' }, 'purpose', 'This field is required'],
      [{ purpose: 'x'.repeat(1001) }, 'purpose', 'Purpose must be at most 1000 characters'],
      [{ item_count: undefined }, 'item_count', 'This field is required'],
      [{ item_count: '' }, 'item_count', 'This field is required'],
      [{ item_count: 2.5 }, 'item_count', 'Item count must be a whole number'],
      [{ item_count: 'many' }, 'item_count', 'Item count must be a whole number'],
      [{ item_count: 0 }, 'item_count', 'Item count must be at least 1'],
      [{ item_count: -3 }, 'item_count', 'Item count must be at least 1'],
      [{ quantity_kg: -0.5 }, 'quantity_kg', 'Quantity cannot be negative'],
      [{ quantity_kg: 'heavy' }, 'quantity_kg', 'Enter the quantity in kg, such as 12.5'],
      [{ total_value: -1 }, 'total_value', 'Value cannot be negative'],
      [{ total_value: 1.234 }, 'total_value', 'Enter an amount such as 1250.50'],
      [{ boxes: -1 }, 'boxes', 'Boxes cannot be negative'],
      [{ boxes: 1.5 }, 'boxes', 'Boxes must be a whole number'],
      [{ title: 'x'.repeat(51) }, 'title', 'Title must be at most 50 characters'],
      [{ description: '' }, 'description', 'This field is required'],
      [{ images: [1, 2, 3, 4].map((i) => ({ name: `${i}.png`, body: pngDataUrl() })) }, 'images', 'You can add up to 3 photos'],
      [
        { images: [{ name: 'big.png', body: `data:image/png;base64,${Buffer.alloc(2 * 1024 * 1024 + 1).toString('base64')}` }] },
        'images.0.body',
        'Each photo must be at most 2 MB',
      ],
    ];
    for (const [patch, field, message] of cases) {
      const res = await restAs(t, a.managerActor).post('/api/donations').send(body(patch));
      expect(res.status, `${field} ${JSON.stringify(patch).slice(0, 60)}`).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields[field], field).toBe(message);
    }
    // A file that is not an image (magic bytes), an unknown tag and an unknown group.
    const fake = `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;
    expect(
      (
        await restAs(t, a.managerActor)
          .post('/api/donations')
          .send(body({ images: [{ name: 'x.png', body: fake }] }))
      ).status,
    ).toBe(415);
    const unknownTag = await restAs(t, a.managerActor)
      .post('/api/donations')
      .send(body({ donation_tag_id: 2_000_000_000 }));
    expect([unknownTag.status, unknownTag.body.error.fields.donation_tag_id]).toEqual([400, 'Unknown donation tag']);
    const unknownGroup = await restAs(t, a.managerActor)
      .post('/api/donations')
      .send(body({ material_group_id: 2_000_000_000 }));
    expect([unknownGroup.status, unknownGroup.body.error.fields.material_group_id]).toEqual([400, 'Unknown material group']);
    expect(await countDonations(a.company.id)).toBe(0);
    expect((await db().select({ id: materials.id }).from(materials).where(eq(materials.company_id, a.company.id))).length).toBe(0);

    // The same rules on edit leave the donation as it was.
    const d = await create(a.managerActor);
    const bad = await restAs(t, a.managerActor)
      .put(`/api/donations/${d.id}`)
      .send(body({ purpose: 'x'.repeat(1001), item_count: 0 }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ purpose: 'Purpose must be at most 1000 characters', item_count: 'Item count must be at least 1' });
    expect((await t.caller(a.memberActor).donations.get({ id: d.id })).purpose).toBe(body().purpose);
  });

  it('accepts the smallest valid donation: purpose of 1000 characters, one item, no kg, value or boxes', async () => {
    const a = await donor();
    const d = await create(a.managerActor, { purpose: 'p'.repeat(1000), item_count: '1', quantity_kg: '', total_value: null, boxes: undefined });
    expect(d).toMatchObject({ item_count: 1, quantity_kg: null, total_value: null, currency: null, boxes: null });
  });

  it('edits while pending; a denied donation edited goes back to pending; an approved one is 409', async () => {
    const a = await donor();
    const d = await create(a.managerActor, { images: [{ name: 'a.png', body: pngDataUrl() }] });
    const kept = d.images[0]!.url;
    const edited = await restAs(t, a.managerActor)
      .put(`/api/donations/${d.id}`)
      .send(body({ title: 'Oak and beech offcuts', item_count: 150, images: [{ url: kept }, { name: 'b.png', body: pngDataUrl() }] }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'pending', title: 'Oak and beech offcuts', item_count: 150 });
    expect(edited.body.images.map((i: { url: string }) => i.url)[0]).toBe(kept);
    expect(edited.body.images).toHaveLength(2);

    await t.caller(admin.adminActor).donations.admin.deny({ id: d.id, reason: 'Please add the pickup address to the description.' });
    expect((await t.caller(a.memberActor).donations.get({ id: d.id })).status).toBe('denied');
    const again = await t.caller(a.managerActor).donations.update({ ...body({ description: 'Pickup at Vesterbrogade 1.' }), id: d.id });
    expect(again).toMatchObject({ status: 'pending', deny_reason: null, reviewed_at: null, description: 'Pickup at Vesterbrogade 1.' });

    await t.caller(admin.adminActor).donations.admin.approve({ id: d.id, approver_name: 'Sofie' });
    const locked = await restAs(t, a.managerActor).put(`/api/donations/${d.id}`).send(body());
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe('This donation is approved, so it can no longer be edited.');
    // A member cannot edit, another company's manager gets what a missing id gets.
    expect((await restAs(t, a.memberActor).put(`/api/donations/${d.id}`).send(body())).status).toBe(403);
    const b = await donor();
    const theirs = await restAs(t, b.managerActor).put(`/api/donations/${d.id}`).send(body());
    const missing = await restAs(t, b.managerActor).put('/api/donations/2000000000').send(body());
    expect([theirs.status, theirs.body.error.message]).toEqual([404, missing.body.error.message]);
  });

  it('keeps donations out of the listing endpoints: materials writes refuse them', async () => {
    const a = await donor();
    const d = await create(a.managerActor);
    const create2 = await restAs(t, a.managerActor).post('/api/v2/materials').send({
      kind: 'donation',
      title: 'x',
      description: 'y',
      category: 'surplus',
      frequency: 'one-off',
      quantity: 1,
      condition: 'c',
      type: 't',
      final_use: 'f',
    });
    expect([create2.status, create2.body.error.message_code]).toEqual([400, 'listing.donationOwnFlow']);
    const status = await restAs(t, a.managerActor).post(`/api/v2/materials/${d.material_id}/status`).send({ action: 'reactivate' });
    expect([status.status, status.body.error.message_code]).toEqual([400, 'listing.donationOwnFlow']);
    expect((await restAs(t, a.managerActor).delete(`/api/v2/materials/${d.material_id}`)).status).toBe(400);
    expect((await t.caller(a.memberActor).donations.get({ id: d.id })).status).toBe('pending');
  });
});

describe('administrators approve or deny', () => {
  it('approves from pending with the approver name: listing published, audit entry, notification and mail to the managers', async () => {
    const a = await donor();
    const second = await createUser(db(), { company_id: a.company.id, role: 'MANAGER', language: 'dk', email_notifications_activity: false });
    const d = await create(a.managerActor);
    const res = await restAs(t, admin.adminActor).post(`/admin/donations/${d.id}/approve`).send({ approver_name: '  Sofie Andersen ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: d.id, status: 'approved', approver_name: 'Sofie Andersen', qr_code: expect.any(String) });
    expect(res.body.verify_url).toMatch(new RegExp(`/donations/verify/${res.body.qr_code}$`));
    const [listing] = await db().select({ status: materials.status }).from(materials).where(eq(materials.id, d.material_id));
    expect(listing!.status).toBe('active');

    const [entry] = await db()
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'donation'), eq(audit_log.entity_id, d.id)));
    expect(entry).toMatchObject({
      action: 'donation.approve',
      actor_user_id: admin.admin.id,
      after: { status: 'approved', approver_name: 'Sofie Andersen' },
    });

    const notes = await db()
      .select({ user_id: notifications.user_id, code: notifications.code, params: notifications.params })
      .from(notifications)
      .where(inArray(notifications.user_id, [a.manager.id, second.id, a.member.id]));
    expect(notes.map((n) => n.user_id).sort()).toEqual([a.manager.id, second.id].sort());
    expect(notes[0]).toMatchObject({ code: 'notification.donationApproved', params: { title: d.title, approver: 'Sofie Andersen' } });
    // Every manager is mailed, in their language, even with activity mail off; members are not.
    const mails = await db()
      .select({ to: mail_outbox.to_address, subject: mail_outbox.subject, language: mail_outbox.language })
      .from(mail_outbox)
      .where(and(eq(mail_outbox.template, 'donation_approved'), inArray(mail_outbox.to_address, [a.manager.email, second.email, a.member.email])));
    expect(mails.map((m) => m.to).sort()).toEqual([a.manager.email, second.email].sort());
    expect(mails.find((m) => m.to === a.manager.email)!.subject).toBe(`Your donation “${d.title}” was approved`);
    expect(mails.find((m) => m.to === second.email)!.language).toBe('dk');
  });

  it('denies from pending with a reason; notification and mail say why', async () => {
    const a = await donor();
    const d = await create(a.managerActor);
    const res = await restAs(t, admin.adminActor).post(`/admin/donations/${d.id}/deny`).send({ reason: 'Expired food cannot be donated.' });
    expect(res.body).toMatchObject({ status: 'denied', deny_reason: 'Expired food cannot be donated.', approver_name: null, qr_code: null });
    const [note] = await db().select().from(notifications).where(eq(notifications.user_id, a.manager.id));
    expect(note).toMatchObject({ code: 'notification.donationDenied', params: { reason: 'Expired food cannot be donated.' } });
    const [mail] = await db()
      .select()
      .from(mail_outbox)
      .where(and(eq(mail_outbox.template, 'donation_denied'), eq(mail_outbox.to_address, a.manager.email)));
    expect(mail!.text_body).toContain('Reason: Expired food cannot be donated.');
  });

  it('refuses a missing or too long approver name or reason with its message, and decides nothing', async () => {
    const a = await donor();
    const d = await create(a.managerActor);
    const as = restAs(t, admin.adminActor);
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['approve', {}, 'approver_name', 'This field is required'],
      ['approve', { approver_name: '  ' }, 'approver_name', 'This field is required'],
      ['approve', { approver_name: 'x'.repeat(101) }, 'approver_name', 'Approver name must be at most 100 characters'],
      ['deny', {}, 'reason', 'This field is required'],
      ['deny', { reason: 'x'.repeat(501) }, 'reason', 'Reason must be at most 500 characters'],
    ];
    for (const [action, payload, field, message] of cases) {
      const res = await as.post(`/admin/donations/${d.id}/${action}`).send(payload);
      expect(res.status, `${action} ${field}`).toBe(400);
      expect(res.body.error.fields[field]).toBe(message);
    }
    expect((await as.post(`/admin/donations/${d.id}/approve`).send({ approver_name: 'x'.repeat(100) })).status).toBe(200);
    const [row] = await db().select({ status: donations.status, approver: donations.approver_name }).from(donations).where(eq(donations.id, d.id));
    expect(row).toEqual({ status: 'approved', approver: 'x'.repeat(100) });
  });

  it('decides only from pending (409 with the reason), and only administrators decide (403)', async () => {
    const a = await donor();
    const d = await approved(a.managerActor);
    const as = restAs(t, admin.adminActor);
    const again = await as.post(`/admin/donations/${d.id}/approve`).send({ approver_name: 'Other' });
    expect([again.status, again.body.error.message]).toEqual([409, 'This donation has already been approved.']);
    const deny = await as.post(`/admin/donations/${d.id}/deny`).send({ reason: 'Changed my mind' });
    expect([deny.status, deny.body.error.message]).toEqual([409, 'This donation has already been approved.']);
    const denied = await create(a.managerActor);
    await t.caller(admin.adminActor).donations.admin.deny({ id: denied.id, reason: 'No' });
    expect((await as.post(`/admin/donations/${denied.id}/approve`).send({ approver_name: 'Late' })).body.error.message).toBe(
      'This donation has already been denied.',
    );
    expect((await as.post('/admin/donations/2000000000/approve').send({ approver_name: 'X' })).status).toBe(404);

    const pending = await create(a.managerActor);
    for (const actor of [a.managerActor, a.memberActor]) {
      expect((await restAs(t, actor).post(`/admin/donations/${pending.id}/approve`).send({ approver_name: 'Me' })).status).toBe(403);
      expect((await restAs(t, actor).post(`/admin/donations/${pending.id}/deny`).send({ reason: 'Me' })).status).toBe(403);
      expect((await restAs(t, actor).get('/admin/donations')).status).toBe(403);
    }
    expect((await request(t.app()).post(`/admin/donations/${pending.id}/approve`).send({ approver_name: 'Me' })).status).toBe(401);
    expect((await t.caller(a.memberActor).donations.get({ id: pending.id })).status).toBe('pending');
    // The approver is stored only once; the entries of the refused calls do not exist.
    const entries = await db()
      .select({ action: audit_log.action })
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'donation'), eq(audit_log.entity_id, d.id)));
    expect(entries).toEqual([{ action: 'donation.approve' }]);
  });

  it('lists every donation for administrators, filtered by status and paged', async () => {
    const a = await donor();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await create(a.managerActor, { title: `Batch ${i}` })).id);
    await t.caller(admin.adminActor).donations.admin.approve({ id: ids[0]!, approver_name: 'A' });
    const as = restAs(t, admin.adminActor);
    const pending = await as.get(`/admin/donations?status=pending&company_id=${a.company.id}&size=1&page=1`);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({
      total: 2,
      totalPages: 2,
      currentPage: 1,
      items: [{ id: ids[1], status: 'pending', company_name: a.company.name }],
    });
    const byName = await as.get(`/admin/donations?q=${encodeURIComponent(a.company.name)}`);
    expect(byName.body.total).toBe(3);
    expect((await as.get('/admin/donations?status=nonsense')).status).toBe(400);
  });
});

describe('QR code, public check and hand-over', () => {
  it('gives the QR code of an approved donation as PNG or SVG to its company and administrators only', async () => {
    const a = await donor();
    const pending = await create(a.managerActor);
    const refused = await restAs(t, a.managerActor).get(`/api/donations/${pending.id}/qr`);
    expect([refused.status, refused.body.error.message]).toEqual([409, 'A donation gets its QR code once an administrator approves it.']);
    const d = await approved(a.managerActor);
    const png = await restAs(t, a.memberActor).get(`/api/donations/${d.id}/qr`).buffer(true);
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect((png.body as Buffer).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const svg = await restAs(t, admin.adminActor).get(`/api/donations/${d.id}/qr?format=svg`).buffer(true);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(Buffer.from(svg.body as Buffer).toString('utf8')).toMatch(/<svg[^>]*>.*<path/s);
    const qr = await t.caller(a.memberActor).donations.qr({ id: d.id, format: 'svg' });
    expect(qr.url).toBe(d.verify_url);
    const b = await donor();
    const theirs = await restAs(t, b.managerActor).get(`/api/donations/${d.id}/qr`);
    const missing = await restAs(t, b.managerActor).get('/api/donations/2000000000/qr');
    expect([theirs.status, theirs.body.error.message]).toEqual([missing.status, missing.body.error.message]);
    expect(theirs.status).toBe(404);
  });

  it('confirms the donation on the public page and takes the hand-over once, storing the impact as synergies do', async () => {
    const a = await donor();
    const d = await approved(a.managerActor, { material_group_id: woodGroup, quantity_kg: 1000 });
    const code = d.qr_code!;
    const anon = request(t.app());
    const check = await anon.get(`/api/donations/verify/${code.toUpperCase()}`);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      code,
      title: d.title,
      donor: a.company.name,
      item_count: 120,
      quantity_kg: 1000,
      boxes: 12,
      donation_tag_name: null,
      status: 'approved',
      approved_at: expect.any(String),
      handed_over_at: null,
    });
    // Nothing about money, people or the purpose.
    expect(JSON.stringify(check.body)).not.toMatch(/1500|Sofie|Woodwork/);

    const done = await anon.post(`/api/donations/verify/${code}/hand-over`).send({ received_by: 'Lena, school caretaker' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'handed_over', handed_over_at: expect.any(String) });
    const twice = await anon.post(`/api/donations/verify/${code}/hand-over`).send({});
    expect([twice.status, twice.body.error.message]).toEqual([409, 'This donation has already been handed over.']);

    const rows = await db().select().from(defra_factors).where(eq(defra_factors.factor_set, DEFRA_FACTOR_SET));
    // The column is text; the seed writes only the three table names.
    const factors = rows.map((r) => ({ ...r, table_name: r.table_name as DefraFactorRow['table_name'] }));
    // A donation names only its group: wood counts disposal only via landfill (docs/decisions/0170).
    const expected = computeCo2eAvoided({
      kg: 1000,
      mapping: { defra_material: 'Wood', basis: 'disposal_only', counterfactual_route: 'Landfill' },
      factors,
    });
    const [row] = await db().select().from(donations).where(eq(donations.id, d.id));
    expect(row).toMatchObject({
      status: 'handed_over',
      received_by: 'Lena, school caretaker',
      impact_kg: 1000,
      defra_material: 'Wood',
      basis: 'disposal_only',
      counterfactual_route: 'Landfill',
      mapping: { level: 'group', name: 'Wood' },
      material_group: 'Wood',
    });
    expect(row!.co2e_kg).toBeCloseTo(expected.co2e_kg, 9);
    expect(row!.co2e_kg).toBeCloseTo(925.2445, 6);
    const view = await t.caller(a.memberActor).donations.get({ id: d.id });
    expect(view.impact).toMatchObject({ kg: 1000, defra_material: 'Wood' });
    const [listing] = await db().select({ status: materials.status }).from(materials).where(eq(materials.id, d.material_id));
    expect(listing!.status).toBe('archived');
    const [note] = await db()
      .select({ code: notifications.code })
      .from(notifications)
      .where(and(eq(notifications.user_id, a.manager.id), eq(notifications.code, 'notification.donationHandedOver')));
    expect(note).toBeDefined();
  });

  it('says only that a wrong code does not match, for unknown, malformed and not yet approved codes', async () => {
    const a = await donor();
    const pending = await create(a.managerActor);
    const [{ token }] = (await db().select({ token: donations.qr_token }).from(donations).where(eq(donations.id, pending.id))) as [{ token: string }];
    const anon = request(t.app());
    for (const code of [crypto.randomUUID(), token]) {
      const res = await anon.get(`/api/donations/verify/${code}`);
      expect([res.status, res.body.error.message]).toEqual([404, 'This code does not match any donation.']);
      const post = await anon.post(`/api/donations/verify/${code}/hand-over`).send({});
      expect([post.status, post.body.error.message]).toEqual([404, 'This code does not match any donation.']);
    }
    const malformed = await anon.get('/api/donations/verify/not-a-code');
    expect([malformed.status, malformed.body.error.fields.code]).toEqual([400, 'This code does not match any donation.']);
    expect((await t.caller(a.memberActor).donations.get({ id: pending.id })).status).toBe('pending');
  });

  it('rate limits the public hand-over per address', async () => {
    const limited = await createTestContext({ RATE_LIMIT_SCALE: '1' });
    try {
      const anon = request(limited.app());
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await anon.post(`/api/donations/verify/${crypto.randomUUID()}/hand-over`).send({})).status);
      expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('donation tags', () => {
  it('creates, reads, renames and deletes tags with audit entries; duplicates and tags in use are 409', async () => {
    const as = restAs(t, admin.adminActor);
    const name = `Food bank ${tag()}`;
    const created = await as.post('/admin/donation-tags').send({ name, description: 'Food for food banks' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), name, description: 'Food for food banks' });
    const dup = await as.post('/admin/donation-tags').send({ name: name.toUpperCase() });
    expect([dup.status, dup.body.error.message]).toEqual([409, 'A donation tag with this name already exists.']);
    expect((await as.post('/admin/donation-tags').send({ name: '' })).body.error.fields.name).toBe('This field is required');
    const renamed = await as.put(`/admin/donation-tags/${created.body.id}`).send({ name: `${name} (DK)`, description: null });
    expect(renamed.body).toMatchObject({ name: `${name} (DK)`, description: null });
    expect((await as.get(`/admin/donation-tags/${created.body.id}`)).body.name).toBe(`${name} (DK)`);

    const a = await donor();
    await create(a.managerActor, { donation_tag_id: created.body.id });
    const list = await as.get('/admin/donation-tags');
    expect(list.body.items.find((x: { id: number }) => x.id === created.body.id)).toMatchObject({ donations: 1 });
    expect((await t.caller(a.memberActor).donations.tags()).items.map((x) => x.id)).toContain(created.body.id);
    const inUse = await as.delete(`/admin/donation-tags/${created.body.id}`);
    expect([inUse.status, inUse.body.error.message]).toEqual([409, 'Donations use this tag; rename it instead of deleting it.']);

    const spare = await as.post('/admin/donation-tags').send({ name: `Spare ${tag()}` });
    expect((await as.delete(`/admin/donation-tags/${spare.body.id}`)).status).toBe(200);
    expect(await db().select().from(donation_tags).where(eq(donation_tags.id, spare.body.id))).toEqual([]);
    const actions = await db()
      .select({ action: audit_log.action, id: audit_log.entity_id })
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'donation_tag'), inArray(audit_log.entity_id, [created.body.id, spare.body.id])));
    expect(actions.map((x) => x.action).sort()).toEqual(['donation_tag.create', 'donation_tag.create', 'donation_tag.delete', 'donation_tag.update']);
    for (const actor of [a.managerActor, a.memberActor])
      expect((await restAs(t, actor).post('/admin/donation-tags').send({ name: 'Mine' })).status).toBe(403);
  });
});

describe('the donations dashboard', () => {
  const paths = ['environmental-impact', 'donation-metrics', 'top-donors', 'donations-feed'];

  it('refuses users without donations_dashboard_access (403) and administrators, and answers {success, data} to those with it', async () => {
    const a = await donor();
    for (const p of paths) {
      const res = await restAs(t, a.managerActor).get(`/api/donations-dashboard/${p}`);
      expect([res.status, res.body.error.message]).toEqual([
        403,
        'The donations dashboard needs donations dashboard access. Ask an administrator for it.',
      ]);
      expect((await restAs(t, admin.adminActor).get(`/api/donations-dashboard/${p}`)).status).toBe(403);
      expect((await request(t.app()).get(`/api/donations-dashboard/${p}`)).status).toBe(401);
    }
    await db().update(users).set({ donations_dashboard_access: true }).where(eq(users.id, a.member.id));
    for (const p of paths) {
      const res = await restAs(t, a.memberActor).get(`/api/donations-dashboard/${p}`);
      expect(res.status, p).toBe(200);
      expect(res.body).toMatchObject({ success: true, data: expect.any(Object) });
    }
  });

  it('adds up exactly what the donations table holds', async () => {
    const viewer = await donor();
    await db().update(users).set({ donations_dashboard_access: true }).where(eq(users.id, viewer.member.id));
    const [x, y] = [await donor({ name: `Aaa donor ${tag()}` }), await donor({ name: `Bbb donor ${tag()}` })];
    const foodBank = (await t.caller(admin.adminActor).donations.admin.createTag({ name: `Dashboard tag ${tag()}`, description: null })).id;
    const handOver = async (actor: Actor, o: Partial<DonationBody>) => {
      const d = await approved(actor, o);
      await t.caller().donations.confirmHandOver({ code: d.qr_code!, received_by: null });
      return d;
    };
    await handOver(x.managerActor, {
      quantity_kg: 250.5,
      material_group_id: woodGroup,
      item_count: 10,
      boxes: 3,
      donation_tag_id: foodBank,
      total_value: 100,
    });
    await handOver(x.managerActor, { quantity_kg: 100, item_count: 5, boxes: null, donation_tag_id: foodBank, total_value: 20.25 });
    await handOver(y.managerActor, { quantity_kg: 2000, material_group_id: woodGroup, item_count: 1, boxes: 40, total_value: null });
    await approved(y.managerActor, { quantity_kg: 75 });
    await create(x.managerActor, { quantity_kg: 5 });
    const denied = await create(y.managerActor);
    await t.caller(admin.adminActor).donations.admin.deny({ id: denied.id, reason: 'No' });

    const as = t.caller(viewer.memberActor).donations.dashboard;
    const [impact, metrics, top, feed] = [
      await as.environmentalImpact(),
      await as.metrics(),
      await as.topDonors({ company_id: y.company.id }),
      await as.feed({}),
    ];

    const all = await db()
      .select({
        status: donations.status,
        impact_kg: donations.impact_kg,
        co2e_kg: donations.co2e_kg,
        quantity_kg: donations.quantity_kg,
        item_count: donations.item_count,
        boxes: donations.boxes_count,
        tag: donations.donation_tag_id,
        value: donations.total_value_minor,
        currency: donations.currency,
        company_id: materials.company_id,
        handed_over_at: donations.handed_over_at,
      })
      .from(donations)
      .innerJoin(materials, eq(materials.id, donations.material_id));
    const handed = all.filter((d) => d.status === 'handed_over');
    const sum = (rows: typeof all, f: (r: (typeof all)[number]) => number | null) => rows.reduce((s, r) => s + (f(r) ?? 0), 0);
    expect(handed.length).toBeGreaterThanOrEqual(3);
    expect(impact.success).toBe(true);
    expect(impact.data.kg_donated).toBeCloseTo(
      sum(handed, (r) => r.impact_kg),
      9,
    );
    expect(impact.data.co2e_avoided_kg).toBeCloseTo(
      sum(handed, (r) => r.co2e_kg),
      9,
    );
    expect(impact.data.donations_handed_over).toBe(handed.length);
    expect(impact.data.items_donated).toBe(sum(handed, (r) => r.item_count));
    expect(impact.data.boxes_donated).toBe(sum(handed, (r) => r.boxes));
    const approvedRows = all.filter((d) => d.status === 'approved');
    expect(impact.data.donations_awaiting_hand_over).toBe(approvedRows.length);
    expect(impact.data.kg_awaiting_hand_over).toBeCloseTo(
      sum(approvedRows, (r) => r.quantity_kg),
      9,
    );
    expect(impact.data.months.map((m) => m.month)).toEqual(lastMonths(new Date(), 6));
    const thisMonth = impact.data.months.at(-1)!;
    const handedThisMonth = handed.filter((r) => r.handed_over_at!.toISOString().slice(0, 7) === thisMonth.month);
    expect(thisMonth.kg).toBeCloseTo(
      sum(handedThisMonth, (r) => r.impact_kg),
      9,
    );
    expect(thisMonth.donations).toBe(handedThisMonth.length);
    // The wood donation's CO2e is the synergies' figure for 2000 kg of wood in its group: disposal only via landfill.
    expect(sum(handed, (r) => r.co2e_kg)).toBeGreaterThan(2 * 925.2445 - 1);

    for (const s of ['pending', 'approved', 'denied', 'handed_over'] as const)
      expect(metrics.data.by_status[s], s).toBe(all.filter((r) => r.status === s).length);
    expect(metrics.data.total).toBe(all.length);
    const tagRow = metrics.data.by_tag.find((r) => r.tag_id === foodBank)!;
    expect(tagRow).toMatchObject({ total: 2, handed_over: 2, pending: 0 });
    expect(tagRow.kg).toBeCloseTo(350.5, 9);
    const dkk = metrics.data.value_handed_over.find((v) => v.currency === 'DKK')!;
    expect(dkk.value).toBeCloseTo(
      sum(
        handed.filter((r) => r.currency === 'DKK'),
        (r) => r.value,
      ) / 100,
      9,
    );

    // Top donors: y (2000 kg) ranks above x (350.5 kg); each row adds up that company's handed-over donations.
    const byCompany = new Map<number, number>();
    for (const r of handed) byCompany.set(r.company_id, (byCompany.get(r.company_id) ?? 0) + (r.impact_kg ?? 0));
    const ranking = [...byCompany.entries()].sort((p, q) => q[1] - p[1]);
    expect(top.data.donors).toBe(byCompany.size);
    expect(top.data.items.map((i) => i.kg)).toEqual(ranking.slice(0, 10).map(([, kg]) => kg));
    const xi = top.data.items.findIndex((i) => i.company_id === x.company.id);
    const yi = top.data.items.findIndex((i) => i.company_id === y.company.id);
    expect(yi).toBeLessThan(xi);
    expect(top.data.items[xi]).toMatchObject({ donations: 2, items: 15 });
    expect(top.data.company).toMatchObject({ company_id: y.company.id, kg: 2000, donations: 1, rank: yi + 1 });

    // The feed: approved and handed-over donations only, latest first, paged.
    expect(feed.data.total).toBe(all.filter((r) => r.status === 'approved' || r.status === 'handed_over').length);
    expect(feed.data.items.every((i) => i.status === 'approved' || i.status === 'handed_over')).toBe(true);
    const times = feed.data.items.map((i) => new Date(i.at).getTime());
    expect([...times].sort((p, q) => q - p)).toEqual(times);
  });

  it('tells dashboard viewers and administrators live when a donation changes', async () => {
    const viewer = await donor();
    await db().update(users).set({ donations_dashboard_access: true }).where(eq(users.id, viewer.member.id));
    const a = await donor();
    await t.flush();
    const from = t.sent.length;
    const d = await approved(a.managerActor);
    await t.flush();
    const events = t.sent.slice(from).filter((e) => e.event === 'donationChanged');
    const to = (status: string) =>
      events.filter(
        (e) => (e.data as { donation_id: number; status: string }).donation_id === d.id && (e.data as { status: string }).status === status,
      );
    expect(to('pending').flatMap((e) => e.user_ids)).toEqual(expect.arrayContaining([viewer.member.id, admin.admin.id]));
    expect(to('approved').flatMap((e) => e.user_ids)).toEqual(expect.arrayContaining([viewer.member.id, admin.admin.id]));
    expect(to('approved').flatMap((e) => e.user_ids)).not.toContain(a.member.id);
  });
});

const settle = async (calls: (() => Promise<unknown>)[]) =>
  (await Promise.allSettled(calls.map((c) => c()))).map((r) =>
    r.status === 'fulfilled'
      ? 'ok'
      : r.reason instanceof AppError
        ? r.reason.code
        : ((r.reason as { cause?: { code?: string } }).cause?.code ?? 'thrown'),
  );
const tally = (outcomes: string[]) => outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {});

describe.skipIf(!onPostgres)('races on Postgres', () => {
  it('two administrators approve and deny at once: exactly one decision wins, one notification set, one audit entry', async () => {
    const second = await createAdmin(db());
    for (let round = 0; round < 10; round++) {
      const a = await donor();
      const d = await create(a.managerActor);
      const outcomes = await settle([
        () => t.caller(admin.adminActor).donations.admin.approve({ id: d.id, approver_name: 'First' }),
        () => t.caller(second.adminActor).donations.admin.deny({ id: d.id, reason: 'Second' }),
      ]);
      expect(tally(outcomes)).toEqual({ ok: 1, CONFLICT: 1 });
      const [row] = await db().select().from(donations).where(eq(donations.id, d.id));
      expect(row!.status).toBe(outcomes[0] === 'ok' ? 'approved' : 'denied');
      expect(row!.approver_name === null).toBe(row!.status === 'denied');
      const entries = await db()
        .select()
        .from(audit_log)
        .where(and(eq(audit_log.entity, 'donation'), eq(audit_log.entity_id, d.id)));
      expect(entries).toHaveLength(1);
      const notes = await db().select().from(notifications).where(eq(notifications.user_id, a.manager.id));
      expect(notes).toHaveLength(1);
    }
  });

  it('20 approvals of one donation at once: one succeeds, 19 answer 409', async () => {
    const a = await donor();
    const d = await create(a.managerActor);
    const outcomes = await settle(
      Array.from({ length: 20 }, (_, i) => () => t.caller(admin.adminActor).donations.admin.approve({ id: d.id, approver_name: `A${i}` })),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, CONFLICT: 19 });
  });

  it('20 hand-over confirmations at once: one hands it over, 19 answer 409, the impact stored once', async () => {
    const a = await donor();
    const d = await approved(a.managerActor, { material_group_id: woodGroup });
    const outcomes = await settle(
      Array.from({ length: 20 }, (_, i) => () => t.caller().donations.confirmHandOver({ code: d.qr_code!, received_by: `R${i}` })),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, CONFLICT: 19 });
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, a.manager.id), eq(notifications.code, 'notification.donationHandedOver')));
    expect(notes).toHaveLength(1);
  });

  it('an edit racing an approval: either the edit lands first and is approved, or the edit answers 409', async () => {
    for (let round = 0; round < 10; round++) {
      const a = await donor();
      const d = await create(a.managerActor);
      const outcomes = await settle([
        () => t.caller(a.managerActor).donations.update({ ...body({ title: 'Edited title' }), id: d.id }),
        () => t.caller(admin.adminActor).donations.admin.approve({ id: d.id, approver_name: 'Racer' }),
      ]);
      const [row] = await db().select({ status: donations.status }).from(donations).where(eq(donations.id, d.id));
      expect(row!.status).toBe('approved');
      expect(outcomes[1]).toBe('ok');
      expect(['ok', 'CONFLICT']).toContain(outcomes[0]);
    }
  });
});
