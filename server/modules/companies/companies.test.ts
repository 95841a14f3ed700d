import { and, eq, ne } from 'drizzle-orm';
import { request } from '../../test/rest-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { company_addresses, company_subscriptions, registration_requests, subscription_plans } from '../../../drizzle/schema';
import type { SubscriptionStatus } from '../../../shared/constants/enums';
import { addDays, isoDate } from '../../../shared/lib/subscription';
import { createAdmin, createCompany, createCompanyWithUsers, createUser } from '../../test/factories';
import { filledBeforeAll, useAuthHeader, useTestWorld } from '../../test/suite';

const { t, admin } = useTestWorld();
const auth = useAuthHeader(t, () => admin.admin);
const adminActor = filledBeforeAll(() => admin.adminActor);

const api = () => request(t.app());

describe('companies.myAddresses', () => {
  it("lists only the caller's own company addresses, the primary first", async () => {
    const own = await createCompanyWithUsers(t.database.db);
    const other = await createCompanyWithUsers(t.database.db, { lat: 51.5, lng: -0.12 });
    // The newer address becomes the primary one, so "primary first" cannot pass by insertion order.
    const [moved] = await t.database.db
      .insert(company_addresses)
      .values({
        company_id: own.company.id,
        address: 'Banegaardspladsen 2',
        city: 'Aarhus',
        zip_code: '8000',
        country: 'DK',
        latitude: 56.15,
        longitude: 10.2,
        is_primary: true,
      })
      .returning();
    await t.database.db
      .update(company_addresses)
      .set({ is_primary: false })
      .where(and(eq(company_addresses.company_id, own.company.id), ne(company_addresses.id, moved!.id)));

    const res = await t.caller(own.memberActor).companies.myAddresses();
    expect(res.items).toHaveLength(2);
    expect(res.items[0]).toEqual({
      id: moved!.id,
      address: 'Banegaardspladsen 2',
      city: 'Aarhus',
      state: null,
      zip_code: '8000',
      country: 'DK',
      latitude: 56.15,
      longitude: 10.2,
      is_primary: true,
    });
    expect(res.items[1]).toMatchObject({ address: 'Vesterbrogade 1', city: 'Copenhagen', zip_code: '1620', country: 'DK', is_primary: false });

    const otherRes = await t.caller(other.managerActor).companies.myAddresses();
    expect(otherRes.items).toHaveLength(1);
    expect(otherRes.items[0]).toMatchObject({ latitude: 51.5, longitude: -0.12, is_primary: true });
    const ownIds = new Set(res.items.map((a) => a.id));
    expect(otherRes.items.some((a) => ownIds.has(a.id))).toBe(false);
  });

  it('refuses an anonymous caller with UNAUTHORIZED', async () => {
    await expect(t.caller().companies.myAddresses()).rejects.toMatchObject({ code: 'UNAUTHORIZED', cause: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses an administrator with FORBIDDEN', async () => {
    const { adminActor } = await createAdmin(t.database.db);
    await expect(t.caller(adminActor).companies.myAddresses()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('PUT admin/companies/{id}', () => {
  it('edits the onboarding and member-since dates', async () => {
    const { company } = await createCompanyWithUsers(t.database.db);
    const res = await api().put(`/admin/companies/${company.id}`).set(auth).send({ onboarding_date: '2026-02-01' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: company.id, onboarding_date: '2026-02-01', member_since: null });
    const cleared = await api().put(`/admin/companies/${company.id}`).set(auth).send({ onboarding_date: null, member_since: '2025-12-31' });
    expect(cleared.body).toMatchObject({ onboarding_date: null, member_since: '2025-12-31' });
    expect((await api().put(`/admin/companies/${company.id}`).set(auth).send({ onboarding_date: '2026-02-30' })).status).toBe(400);
    expect((await api().put('/admin/companies/999999').set(auth).send({ onboarding_date: '2026-02-01' })).status).toBe(404);
  });
});

describe('companies.admin.list (GET admin/companies)', () => {
  const today = isoDate(new Date());
  const tag = () => `Paged ${Math.random().toString(36).slice(2, 8)}`;
  let planId: number;
  beforeAll(async () => {
    const [plan] = await t.database.db.select({ id: subscription_plans.id }).from(subscription_plans).limit(1);
    planId = plan!.id;
  });
  const subscribe = (company_id: number, activation_date: string, end_date: string, cancelled = false) =>
    t.database.db.insert(company_subscriptions).values({
      company_id,
      subscription_plan_id: planId,
      activation_date,
      end_date,
      final_date_of_allowance: end_date,
      cancelled_at: cancelled ? new Date() : null,
    });

  it('pages by name with totals, and finds by part of the name in any case', async () => {
    const prefix = tag();
    for (const n of ['e', 'c', 'a', 'd', 'b']) await createCompany(t.database.db, { name: `${prefix} ${n}` });
    const list = (page: number) => t.caller(adminActor).companies.admin.list({ search: prefix.toUpperCase(), page, size: 2 });
    const pages = [await list(0), await list(1), await list(2)];
    expect(pages.map((p) => p.items.map((c) => c.name.slice(-1)))).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(pages[0]).toMatchObject({ total: 5, totalPages: 3, currentPage: 0 });
    expect((await list(3)).items).toEqual([]);
    // LIKE wildcards in the search are plain characters.
    expect((await t.caller(adminActor).companies.admin.list({ search: `${prefix.slice(0, 3)}%` })).items).toEqual([]);
  });

  it('filters by parent company and company status', async () => {
    const prefix = tag();
    const parent = await createCompany(t.database.db, { name: `${prefix} parent`, is_parent_company: true });
    const pending = await createCompany(t.database.db, { name: `${prefix} pending`, status: 'pending' });
    await createCompany(t.database.db, { name: `${prefix} plain` });
    const ids = async (input: Parameters<ReturnType<typeof t.caller>['companies']['admin']['list']>[0]) =>
      (await t.caller(adminActor).companies.admin.list({ search: prefix, ...input })).items.map((c) => c.id);
    expect(await ids({ is_parent_company: true })).toEqual([parent.id]);
    expect(await ids({ status: 'pending' })).toEqual([pending.id]);
    expect((await ids({})).length).toBe(3);
  });

  it("gives each company the plan status the per-company view gives, from the shared rule's boundaries", async () => {
    const prefix = tag();
    const cases: { name: string; subs: [number, number, boolean?][]; status: SubscriptionStatus }[] = [
      { name: 'a none', subs: [], status: 'inactive' },
      { name: 'b queued', subs: [[3, 60]], status: 'inactive' },
      { name: 'c active', subs: [[-10, 31]], status: 'active' },
      { name: 'd thirty', subs: [[-10, 30]], status: 'expiring_soon' },
      { name: 'e eight', subs: [[-10, 8]], status: 'expiring_soon' },
      { name: 'f seven', subs: [[-10, 7]], status: 'expires_very_soon' },
      { name: 'g today', subs: [[-10, 0]], status: 'expires_very_soon' },
      { name: 'h ended', subs: [[-40, -1]], status: 'expired' },
      { name: 'i cancelled', subs: [[-10, 100, true]], status: 'inactive' },
      {
        name: 'j running and queued',
        subs: [
          [-10, 5],
          [6, 200],
        ],
        status: 'expires_very_soon',
      },
    ];
    for (const c of cases) {
      const company = await createCompany(t.database.db, { name: `${prefix} ${c.name}` });
      for (const [from, to, cancelled] of c.subs) await subscribe(company.id, addDays(today, from), addDays(today, to), cancelled);
    }
    const res = await t.caller(adminActor).companies.admin.list({ search: prefix, size: 100 });
    expect(res.items.map((c) => c.subscription.status)).toEqual(cases.map((c) => c.status));
    for (const item of res.items) {
      const single = await t.caller(adminActor).subscriptions.admin.companyStatus({ company_id: item.id });
      expect(item.subscription.status).toBe(single.status);
      expect(item.subscription.current?.id ?? null).toBe(single.current?.id ?? null);
      expect(item.subscription.current?.days_left ?? null).toBe(single.current?.days_left ?? null);
    }
    expect(res.items[9]!.subscription.current).toMatchObject({ end_date: addDays(today, 5), days_left: 5, plan_name: expect.any(String) });

    const urgent = await t
      .caller(adminActor)
      .companies.admin.list({ search: prefix, subscription_status: ['expired', 'inactive', 'expires_very_soon'], sort: 'urgency' });
    expect(urgent.items.map((c) => c.name.slice(prefix.length + 1))).toEqual([
      'h ended',
      'a none',
      'b queued',
      'i cancelled',
      'f seven',
      'g today',
      'j running and queued',
    ]);
    expect(urgent.total).toBe(7);
  });

  it('names the manager whose accepted registration created the company', async () => {
    const { company, manager } = await createCompanyWithUsers(t.database.db);
    const other = await createUser(t.database.db, { company_id: company.id, role: 'MANAGER' });
    await t.database.db.insert(registration_requests).values({ company_id: company.id, user_id: manager.id, status: 'accepted' });
    const [item] = (await t.caller(adminActor).companies.admin.list({ search: company.name })).items;
    expect(item!.manager).toEqual({ id: manager.id, email: manager.email, first_name: manager.first_name, last_name: manager.last_name });
    expect(item!.manager?.id).not.toBe(other.id);
    const { company: unregistered } = await createCompanyWithUsers(t.database.db);
    expect((await t.caller(adminActor).companies.admin.list({ search: unregistered.name })).items[0]!.manager).toBeNull();
  });

  it('answers GET admin/companies with a page of items, filters from the query string, and only to administrators', async () => {
    const prefix = tag();
    const parent = await createCompany(t.database.db, { name: `${prefix} group`, is_parent_company: true });
    await createCompany(t.database.db, { name: `${prefix} single` });
    const res = await api()
      .get('/admin/companies')
      .query({ is_parent_company: 'true', search: prefix, subscription_status: 'inactive,active' })
      .set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 1, totalPages: 1, currentPage: 0 });
    expect(res.body.items).toEqual([
      expect.objectContaining({ id: parent.id, is_parent_company: true, subscription: { status: 'inactive', current: null }, city: 'Copenhagen' }),
    ]);
    expect((await api().get('/admin/companies').query({ size: 101 }).set(auth)).status).toBe(400);
    expect((await api().get('/admin/companies').query({ subscription_status: 'late' }).set(auth)).status).toBe(400);
    const { managerActor } = await createCompanyWithUsers(t.database.db);
    await expect(t.caller(managerActor).companies.admin.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await api().get('/admin/companies')).status).toBe(401);
  });
});
