import { and, eq, ne } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company_addresses } from '../../../drizzle/schema';
import { createAdmin, createCompanyWithUsers } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let auth: { Authorization: string };
beforeAll(async () => {
  t = await createTestContext();
  const { admin } = await createAdmin(t.database.db);
  auth = { Authorization: `Bearer ${t.deps.tokens.signUser({ sub: String(admin.id), role: 'ADMIN', company_id: null, tv: 0 }, 3600)}` };
});
afterAll(() => t.close());

const api = () => request(t.app());

describe('companies.myAddresses', () => {
  it("lists only the caller's own company addresses, the primary first", async () => {
    const own = await createCompanyWithUsers(t.database.db);
    const other = await createCompanyWithUsers(t.database.db, { lat: 51.5, lng: -0.12 });
    // The newer address becomes the primary one, so "primary first" cannot pass by insertion order.
    const [moved] = await t.database.db
      .insert(company_addresses)
      .values({ company_id: own.company.id, address: 'Banegaardspladsen 2', city: 'Aarhus', zip_code: '8000', country: 'DK', latitude: 56.15, longitude: 10.2, is_primary: true })
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
