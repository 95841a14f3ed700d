// The public company list and page, the managers' company save (SPEC §5
// rules, addresses, logo), and the administrators' company edit with its audit entries, through the database.
import { and, eq } from 'drizzle-orm';
import { bearerOf, request } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Role } from '../../../shared/constants/enums';
import type { updateCompanyDatesInput } from '../../../shared/schemas/companies';
import {
  audit_log,
  bulk_upload_access_requests,
  companies,
  company_addresses,
  material_groups,
  material_sdgs,
  materials,
  users,
} from '../../../drizzle/schema';
import { createCompany, createCompanyWithUsers, createListing } from '../../test/factories';
import { useTestWorld } from '../../test/suite';

const { t, admin } = useTestWorld();

const api = () => request(t.app());
/** What companies.admin.update takes besides the company id. */
type AdminCompanyChanges = Omit<z.input<typeof updateCompanyDatesInput>, 'id'>;
const tokenOf = (u: { id: number; role: Role; company_id: number | null }) => bearerOf(t, u);
/** A 1x1 PNG: a real image by its bytes. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const aarhus = { address: 'Banegaardspladsen 2', city: 'Aarhus', zip_code: '8000', country: 'DK', latitude: 56.15, longitude: 10.2 };

async function addresses(companyId: number) {
  return t.database.db.select().from(company_addresses).where(eq(company_addresses.company_id, companyId)).orderBy(company_addresses.id);
}

describe('GET api/companies and api/companies/{id}', () => {
  it('lists approved companies by part of the name, paged, with an items list', async () => {
    const tag = `Listed ${Math.random().toString(36).slice(2, 8)}`;
    for (const n of ['c', 'a', 'b']) await createCompany(t.database.db, { name: `${tag} ${n}` });
    await createCompany(t.database.db, { name: `${tag} pending`, status: 'pending' });
    const { member } = await createCompanyWithUsers(t.database.db);
    const res = await api().get('/api/companies').query({ search: tag.toLowerCase(), size: 2 }).set('Authorization', tokenOf(member));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, totalPages: 2, currentPage: 0 });
    expect(res.body.items.map((c: { name: string }) => c.name)).toEqual([`${tag} a`, `${tag} b`]);
    expect(res.body.items[0]).toMatchObject({ city: 'Copenhagen', country: 'DK', image_url: null });
    expect((await api().get('/api/companies')).status).toBe(401);
  });

  it('shows public fields to another company and private ones to its own users and administrators', async () => {
    const a = await createCompanyWithUsers(t.database.db, {
      tax_certificate_number: 'TAX-9',
      company_license_number: 'LIC-1',
      about_info: 'We brew.',
    });
    const b = await createCompanyWithUsers(t.database.db);
    const seenByB = await t.caller(b.memberActor).companies.get({ id: a.company.id });
    expect(seenByB).toMatchObject({ id: a.company.id, about_info: 'We brew.', private: false });
    expect(seenByB).not.toHaveProperty('tax_certificate_number');
    expect(seenByB).not.toHaveProperty('company_license_number');
    expect(seenByB.addresses).toEqual([expect.objectContaining({ id: expect.any(Number), is_primary: true, latitude: 55.6761, longitude: 12.5683 })]);
    expect(seenByB.users.map((u) => u.id).sort()).toEqual([a.manager.id, a.member.id].sort());
    expect(seenByB.users[0]).not.toHaveProperty('email');
    for (const actor of [a.memberActor, admin.adminActor]) {
      expect(await t.caller(actor).companies.get({ id: a.company.id })).toMatchObject({
        private: true,
        tax_certificate_number: 'TAX-9',
        company_license_number: 'LIC-1',
      });
    }
    const rest = await api().get(`/api/companies/${a.company.id}`).set('Authorization', tokenOf(b.member));
    expect(rest.status).toBe(200);
    expect(rest.body.tax_certificate_number).toBeUndefined();
  });

  it('answers a pending company and a missing id alike with 404 to other companies', async () => {
    const pending = await createCompanyWithUsers(t.database.db, { status: 'pending' });
    const b = await createCompanyWithUsers(t.database.db);
    await expect(t.caller(b.memberActor).companies.get({ id: pending.company.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(t.caller(b.memberActor).companies.get({ id: 2_000_000_000 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.caller(admin.adminActor).companies.get({ id: pending.company.id })).toMatchObject({ status: 'pending' });
  });
});

describe('PUT api/companies/{id} (SPEC §5 company save)', () => {
  it('keeps the first flagged address as the one primary, drops the phone without a calling code and stores empty optional text as null', async () => {
    const a = await createCompanyWithUsers(t.database.db, { about_info: 'Old about', website_url: 'https://old.example' });
    const [existing] = await addresses(a.company.id);
    const saved = await t.caller(a.managerActor).companies.update({
      id: a.company.id,
      name: '  Renamed A/S ',
      about_info: '',
      website_url: '',
      contact_phone: '12 34 56 78',
      country_calling_code: '',
      addresses: [
        {
          id: existing!.id,
          address: 'Vesterbrogade 1',
          city: 'Copenhagen',
          zip_code: '1620',
          country: 'DK',
          latitude: 55.6761,
          longitude: 12.5683,
          is_primary: false,
        },
        { ...aarhus, is_primary: true },
        { address: 'Odense 1', city: 'Odense', zip_code: '5000', country: 'DK', latitude: 55.4, longitude: 10.39, is_primary: true },
      ],
    });
    expect(saved).toMatchObject({ name: 'Renamed A/S', about_info: null, website_url: null, contact_phone: null, country_calling_code: null });
    const rows = await addresses(a.company.id);
    expect(rows.map((r) => [r.city, r.is_primary])).toEqual([
      ['Copenhagen', false],
      ['Aarhus', true],
      ['Odense', false],
    ]);
    expect(saved.addresses[0]).toMatchObject({ city: 'Aarhus', is_primary: true });
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, a.company.id));
    expect(row).toMatchObject({ about_info: null, website_url: null, contact_phone: null });

    // With a calling code the phone is kept; a field left out stays as it is.
    const withCode = await t.caller(a.managerActor).companies.update({ id: a.company.id, contact_phone: '12 34 56 78', country_calling_code: '+45' });
    expect(withCode).toMatchObject({ contact_phone: '12 34 56 78', country_calling_code: '+45', name: 'Renamed A/S' });
    // Clearing the calling code later drops the stored phone too.
    expect(await t.caller(a.managerActor).companies.update({ id: a.company.id, country_calling_code: null })).toMatchObject({
      contact_phone: null,
      country_calling_code: null,
    });
  });

  it('refuses an address without coordinates with the SPEC message and changes nothing', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const before = await addresses(a.company.id);
    const res = await api()
      .put(`/api/companies/${a.company.id}`)
      .set('Authorization', tokenOf(a.manager))
      .send({ name: 'Changed', addresses: [{ address: 'Typed Street 1', city: 'Aarhus', zip_code: '8000', country: 'DK', is_primary: true }] });
    expect(res.status).toBe(400);
    expect(res.body.error.fields['addresses.0.address']).toBe('Invalid Location, please select address either from map or the dropdown!');
    expect(await addresses(a.company.id)).toEqual(before);
    const [row] = await t.database.db.select({ name: companies.name }).from(companies).where(eq(companies.id, a.company.id));
    expect(row!.name).toBe(a.company.name);
  });

  it("refuses another company's address id and the removal of an address active listings use; a moved address takes its listings along", async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const b = await createCompanyWithUsers(t.database.db);
    const [own] = await addresses(a.company.id);
    const [foreign] = await addresses(b.company.id);
    await expect(
      t.caller(a.managerActor).companies.update({ id: a.company.id, addresses: [{ ...aarhus, id: foreign!.id, is_primary: true }] }),
    ).rejects.toMatchObject({ cause: { code: 'VALIDATION', fields: { 'addresses.0.id': { code: 'company.addressNotOwned' } } } });
    expect(await addresses(b.company.id)).toEqual([foreign]);

    const listing = await createListing(t.database.db, a.company.id, { address_id: own!.id });
    await expect(t.caller(a.managerActor).companies.update({ id: a.company.id, addresses: [{ ...aarhus, is_primary: true }] })).rejects.toMatchObject(
      {
        cause: { code: 'VALIDATION', fields: { addresses: { code: 'company.addressInUse', params: { count: 1 } } } },
      },
    );
    expect(await addresses(a.company.id)).toEqual([own]);

    await t.caller(a.managerActor).companies.update({ id: a.company.id, addresses: [{ ...aarhus, id: own!.id, is_primary: true }] });
    const [moved] = await t.database.db.select().from(materials).where(eq(materials.id, listing.id));
    expect(moved).toMatchObject({ latitude: 56.15, longitude: 10.2, address_id: own!.id });
  });

  it('stores a logo checked by its bytes, refuses a renamed text file and one over 1 MB, and removes it on request', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const saved = await t
      .caller(a.managerActor)
      .companies.update({ id: a.company.id, image: { name: 'logo.png', body: `data:image/png;base64,${PNG}` } });
    expect(saved.image_url).toMatch(/^\/files\/logos\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
    expect((await api().get(saved.image_url!)).status).toBe(200);

    const fake = Buffer.from('<html>not a picture</html>').toString('base64');
    await expect(
      t.caller(a.managerActor).companies.update({ id: a.company.id, image: { name: 'logo.png', body: `data:image/png;base64,${fake}` } }),
    ).rejects.toMatchObject({ cause: { code: 'UNSUPPORTED_MEDIA_TYPE', fields: { image: { code: 'profile.imageUnreadable' } } } });
    const big = Buffer.alloc(1024 * 1024 + 1, 1).toString('base64');
    await expect(
      t.caller(a.managerActor).companies.update({ id: a.company.id, image: { name: 'logo.png', body: `data:image/png;base64,${big}` } }),
    ).rejects.toMatchObject({ cause: { code: 'VALIDATION', fields: { 'image.body': { code: 'profile.imageTooLarge' } } } });
    expect((await t.caller(a.memberActor).companies.get({ id: a.company.id })).image_url).toBe(saved.image_url);

    expect((await t.caller(a.managerActor).companies.update({ id: a.company.id, image: null })).image_url).toBeNull();
    expect((await api().get(saved.image_url!)).status).toBe(404);
  });

  it("refuses a member (403) and another company's manager (404, like a missing id), changing nothing", async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const b = await createCompanyWithUsers(t.database.db);
    await expect(t.caller(a.memberActor).companies.update({ id: a.company.id, name: 'By member' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const theirs = await api().put(`/api/companies/${a.company.id}`).set('Authorization', tokenOf(b.manager)).send({ name: 'By B' });
    const missing = await api().put('/api/companies/2000000000').set('Authorization', tokenOf(b.manager)).send({ name: 'By B' });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: { ...missing.body.error, request_id: theirs.body.error.request_id } });
    const [row] = await t.database.db.select({ name: companies.name }).from(companies).where(eq(companies.id, a.company.id));
    expect(row!.name).toBe(a.company.name);
  });

  it('saves the interests and offerings lists and refuses unknown groups', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const groups = await t.database.db.select({ id: material_groups.id, name: material_groups.name }).from(material_groups).limit(3);
    const saved = await t.caller(a.managerActor).companies.update({
      id: a.company.id,
      materials_interested: [groups[0]!.id, groups[1]!.id],
      materials_providing: [groups[2]!.id],
    });
    expect(saved.materials_interested.map((g) => g.id).sort()).toEqual([groups[0]!.id, groups[1]!.id].sort());
    expect(saved.materials_providing).toEqual([{ id: groups[2]!.id, name: groups[2]!.name }]);
    await expect(t.caller(a.managerActor).companies.update({ id: a.company.id, materials_interested: [2_000_000_000] })).rejects.toMatchObject({
      cause: { fields: { materials_interested: { code: 'registration.unknownCategory' } } },
    });
  });
});

describe('GET api/companies/{id}/sdg-exchanges', () => {
  it("counts the company's successful synergies per SDG of the listing exchanged", async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const b = await createCompanyWithUsers(t.database.db);
    const listing = await createListing(t.database.db, a.company.id);
    await t.database.db.insert(material_sdgs).values([
      { material_id: listing.id, sdg_id: 12 },
      { material_id: listing.id, sdg_id: 13 },
    ]);
    const offer = await t.caller(b.memberActor).offers.create({ material_id: listing.id, quantity: 10, message: 'Please' });
    const { exchange_id } = await t.caller(a.managerActor).offers.review({ id: offer.id, decision: 'accept' });
    const before = await t.caller(b.memberActor).exchanges.companySdgExchanges({ id: a.company.id });
    expect(before.successful_exchanges).toBe(0);
    await t.caller(a.memberActor).exchanges.end({ id: exchange_id!, level_of_completion: 'COMPLETED', successful: true });
    const res = await api().get(`/api/companies/${b.company.id}/sdg-exchanges`).set('Authorization', tokenOf(a.member));
    expect(res.status).toBe(200);
    expect(res.body.successful_exchanges).toBe(1);
    expect(res.body.items).toHaveLength(17);
    expect(res.body.items.filter((g: { exchanges: number }) => g.exchanges > 0).map((g: { sdg_id: number }) => g.sdg_id)).toEqual([12, 13]);
  });
});

describe('PUT admin/companies/{id}', () => {
  const auth = () => ({ Authorization: tokenOf(admin.admin) });

  it('edits company data with the save rules, and records who changed what', async () => {
    const a = await createCompanyWithUsers(t.database.db, { contact_phone: '11 22 33 44', country_calling_code: '+45' });
    const res = await api()
      .put(`/admin/companies/${a.company.id}`)
      .set(auth())
      .send({ name: 'Admin renamed', about_info: '', country_calling_code: '', onboarding_date: '2026-01-15' });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, a.company.id));
    expect(row).toMatchObject({
      name: 'Admin renamed',
      about_info: null,
      contact_phone: null,
      country_calling_code: null,
      onboarding_date: '2026-01-15',
    });
    const [entry] = await t.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'company'), eq(audit_log.entity_id, a.company.id)));
    expect(entry).toMatchObject({
      actor_user_id: admin.admin.id,
      action: 'company.update',
      before: { name: a.company.name, contact_phone: '11 22 33 44', country_calling_code: '+45', onboarding_date: null },
      after: { name: 'Admin renamed', contact_phone: null, country_calling_code: null, onboarding_date: '2026-01-15' },
    });
  });

  it('sets a parent company and its portfolio, refuses loops, and detaches the portfolio when the flag goes', async () => {
    const parent = await createCompany(t.database.db);
    const [x, y, z] = [await createCompany(t.database.db), await createCompany(t.database.db), await createCompany(t.database.db)];
    const update = (input: AdminCompanyChanges) => t.caller(admin.adminActor).companies.admin.update({ id: parent.id, ...input });
    await expect(update({ portfolio_company_ids: [x.id] })).rejects.toMatchObject({
      cause: { fields: { portfolio_company_ids: { code: 'company.portfolioNeedsParent' } } },
    });
    const saved = await update({ is_parent_company: true, portfolio_company_ids: [x.id, y.id] });
    expect(saved.is_parent_company).toBe(true);
    expect([...saved.portfolio_company_ids].sort()).toEqual([x.id, y.id].sort());
    await update({ portfolio_company_ids: [y.id, z.id] });
    const parentOf = async (id: number) =>
      (await t.database.db.select({ p: companies.parent_company_id }).from(companies).where(eq(companies.id, id)))[0]!.p;
    expect([await parentOf(x.id), await parentOf(y.id), await parentOf(z.id)]).toEqual([null, parent.id, parent.id]);
    const view = await t.caller(admin.adminActor).companies.admin.get({ id: parent.id });
    expect(view.portfolio_companies.map((c) => c.id).sort()).toEqual([y.id, z.id].sort());

    await expect(update({ portfolio_company_ids: [parent.id] })).rejects.toMatchObject({
      cause: { fields: { portfolio_company_ids: { code: 'company.parentInPortfolio' } } },
    });
    await expect(t.caller(admin.adminActor).companies.admin.update({ id: y.id, parent_company_id: y.id })).rejects.toMatchObject({
      cause: { fields: { parent_company_id: { code: 'company.ownParent' } } },
    });
    await expect(t.caller(admin.adminActor).companies.admin.update({ id: parent.id, parent_company_id: y.id })).rejects.toMatchObject({
      cause: { fields: { parent_company_id: { code: 'company.notParentCompany' } } },
    });
    await update({ is_parent_company: false });
    expect([await parentOf(y.id), await parentOf(z.id)]).toEqual([null, null]);
  });

  it('grants the donations dashboard to every user of the company and bulk upload, then withdraws both', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const update = (input: AdminCompanyChanges) => t.caller(admin.adminActor).companies.admin.update({ id: a.company.id, ...input });
    await t.caller(a.managerActor).materials.requestBulkAccess();
    await update({ donations_dashboard_access: true, bulk_upload_access: true });
    const flags = async () =>
      (await t.database.db.select({ d: users.donations_dashboard_access }).from(users).where(eq(users.company_id, a.company.id))).map((r) => r.d);
    expect(await flags()).toEqual([true, true]);
    expect(await t.caller(a.managerActor).materials.bulkAccessStatus()).toMatchObject({ status: 'granted' });
    const view = await t.caller(admin.adminActor).companies.admin.get({ id: a.company.id });
    expect(view).toMatchObject({ donations_dashboard: { users: 2, with_access: 2 }, bulk_upload_access: 'granted' });
    // The pending request was the one granted: no second row.
    expect(
      await t.database.db.select().from(bulk_upload_access_requests).where(eq(bulk_upload_access_requests.company_id, a.company.id)),
    ).toHaveLength(1);

    await update({ donations_dashboard_access: false, bulk_upload_access: false });
    expect(await flags()).toEqual([false, false]);
    expect((await t.caller(a.managerActor).materials.bulkAccessStatus()).status).not.toBe('granted');
    const entries = await t.database.db
      .select({ before: audit_log.before, after: audit_log.after })
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'company'), eq(audit_log.entity_id, a.company.id)))
      .orderBy(audit_log.id);
    expect(entries).toEqual([
      {
        before: { donations_dashboard_users: 0, bulk_upload_access: 'pending' },
        after: { donations_dashboard_users: 2, bulk_upload_access: 'granted' },
      },
      {
        before: { donations_dashboard_users: 2, bulk_upload_access: 'granted' },
        after: { donations_dashboard_users: 0, bulk_upload_access: 'none' },
      },
    ]);
  });

  it('answers a missing company with 404 and a company user with 403', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    expect((await api().put('/admin/companies/2000000000').set(auth()).send({ name: 'X' })).status).toBe(404);
    expect((await api().put(`/admin/companies/${a.company.id}`).set('Authorization', tokenOf(a.manager)).send({ name: 'X' })).status).toBe(403);
    expect((await api().get(`/admin/companies/${a.company.id}`).set(auth())).body).toMatchObject({ id: a.company.id, private: true });
  });
});
