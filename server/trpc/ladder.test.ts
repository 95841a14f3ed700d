import { describe, expect, it } from 'vitest';
import { createAdmin, createCompanyWithUsers, createDriver, createListing } from '../test/factories';
import { useTestContext } from '../test/suite';
import type { ProcedureMeta } from './init';
import { PROCEDURES } from './router';

const t = useTestContext();

describe('procedure ladder', () => {
  it('refuses an anonymous caller on authed, company, admin and driver procedures with UNAUTHENTICATED', async () => {
    const anon = t.caller();
    for (const call of [() => anon.auth.me(), () => anon.notifications.counters(), () => anon.companies.admin.list({}), () => anon.driver.me()]) {
      await expect(call()).rejects.toMatchObject({ code: 'UNAUTHORIZED', cause: { code: 'UNAUTHENTICATED' } });
    }
  });

  it('lets company users use company procedures and refuses them admin ones with FORBIDDEN', async () => {
    const { memberActor, managerActor } = await createCompanyWithUsers(t.database.db);
    for (const actor of [memberActor, managerActor]) {
      await expect(t.caller(actor).notifications.counters()).resolves.toEqual({ unseen_notifications: 0, unread_messages: 0, pending_offers: 0 });
      await expect(t.caller(actor).companies.admin.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('refuses an administrator on company procedures and a company user on driver ones', async () => {
    const { adminActor } = await createAdmin(t.database.db);
    await expect(t.caller(adminActor).notifications.counters()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const { memberActor } = await createCompanyWithUsers(t.database.db);
    await expect(t.caller(memberActor).driver.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('gives a driver its own profile and nothing of the user area', async () => {
    const driver = await createDriver(t.database.db, { name: 'Mette' });
    const caller = t.caller({ kind: 'driver', driver_id: driver.id });
    await expect(caller.driver.me()).resolves.toMatchObject({ driver: { id: driver.id, name: 'Mette' } });
    await expect(caller.auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('lets an administrator list companies', async () => {
    const { adminActor } = await createAdmin(t.database.db);
    const { company } = await createCompanyWithUsers(t.database.db);
    const res = await t.caller(adminActor).companies.admin.list({});
    expect(res.items.map((c) => c.id)).toContain(company.id);
  });
});

describe('router conventions', () => {
  const procedures = Object.entries(PROCEDURES).map(([path, p]) => ({ path, access: (p._def.meta as ProcedureMeta | undefined)?.access }));

  it('gives every procedure a rung of the ladder', () => {
    expect(procedures.filter((p) => !p.access)).toEqual([]);
  });

  it("keeps administrators' procedures, and only those, in a domain's `admin` sub-router", () => {
    const misplaced = procedures.filter((p) => (p.access === 'admin') !== p.path.split('.').includes('admin'));
    expect(misplaced).toEqual([]);
  });

  it('keeps driver-token procedures, and only those, in the `driver` router (the client keys the driver token on it)', () => {
    const misplaced = procedures.filter((p) => (p.access === 'driver') !== p.path.startsWith('driver.'));
    expect(misplaced).toEqual([]);
    expect(procedures.some((p) => p.path === 'driver.me')).toBe(true);
  });

  it('has one password change procedure', () => {
    expect(procedures.filter((p) => /changePassword$/.test(p.path)).map((p) => p.path)).toEqual(['auth.changePassword']);
  });
});

describe('public procedures', () => {
  it('counts approved companies, active listings and successful synergies for the landing page', async () => {
    const before = await t.caller().common.landingStats();
    const seller = await createCompanyWithUsers(t.database.db);
    const buyer = await createCompanyWithUsers(t.database.db);
    const pending = await createCompanyWithUsers(t.database.db, { status: 'pending' });
    // Counted: the approved company's active listings. Not counted: an archived one, a pending company's.
    await createListing(t.database.db, seller.company.id, { quantity: 500 });
    await createListing(t.database.db, seller.company.id);
    await createListing(t.database.db, seller.company.id, { status: 'archived' });
    await createListing(t.database.db, pending.company.id);
    // One synergy ended successfully, one unsuccessfully, one still in progress: only the first counts.
    const finish = async (successful: boolean | null) => {
      const listing = await createListing(t.database.db, seller.company.id);
      const offer = await t.caller(buyer.memberActor).offers.create({ material_id: listing.id, quantity: 10, message: 'Deal?' });
      const { exchange_id } = await t.caller(seller.managerActor).offers.review({ id: offer.id, decision: 'accept' });
      if (successful !== null) await t.caller(seller.managerActor).exchanges.end({ id: exchange_id!, level_of_completion: 'COMPLETED', successful });
    };
    await finish(true);
    await finish(false);
    await finish(null);
    const after = await t.caller().common.landingStats();
    expect(after.companies).toBe(before.companies + 2);
    expect(after.materials).toBe(before.materials + 5);
    expect(after.synergies).toBe(before.synergies + 1);
  });

  it('stores a help query and attaches the user when logged in', async () => {
    const { member, memberActor } = await createCompanyWithUsers(t.database.db);
    const anon = await t.caller().queries.create({ name: 'Ana', email: 'Ana@Acme.example', message: 'How do donations work?' });
    const mine = await t.caller(memberActor).queries.create({ name: 'Bo', email: member.email, subject: 'Billing', message: 'Where is my invoice?' });
    const rows = await t.database.db.query.queries.findMany();
    expect(rows.find((r) => r.id === anon.id)).toMatchObject({ email: 'ana@acme.example', user_id: null, status: 'open' });
    expect(rows.find((r) => r.id === mine.id)).toMatchObject({ user_id: member.id, subject: 'Billing' });
  });

  it('refuses an empty help message and stores nothing', async () => {
    const before = (await t.database.db.query.queries.findMany()).length;
    await expect(t.caller().queries.create({ name: 'Ana', email: 'ana@acme.example', message: '  ' })).rejects.toMatchObject({
      cause: { code: 'VALIDATION' },
    });
    expect((await t.database.db.query.queries.findMany()).length).toBe(before);
  });

  it('subscribes to the newsletter once per address', async () => {
    await t.caller().newsletter.subscribe({ email: 'News@Acme.example', language: 'dk' });
    await t.caller().newsletter.subscribe({ email: 'news@acme.example', language: 'en' });
    const rows = (await t.database.db.query.newsletter_subscribers.findMany()).filter((r) => r.email === 'news@acme.example');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.language).toBe('en');
  });

  it('stores the language choice on the user', async () => {
    const { memberActor } = await createCompanyWithUsers(t.database.db);
    await t.caller(memberActor).users.setLanguage({ language: 'my' });
    expect((await t.caller(memberActor).auth.me()).user.language).toBe('my');
  });
});
