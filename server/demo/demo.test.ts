import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, gte, isNotNull, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  need_matches,
  needs,
  saved_searches,
  api_keys,
  jobs,
  webhook_deliveries,
  webhook_endpoints,
  audit_log,
  chat_messages,
  companies,
  company_addresses,
  company_material_groups,
  company_subscriptions,
  donation_tags,
  donations,
  drivers,
  exchanges,
  impact_records,
  mail_outbox,
  material_groups,
  material_images,
  material_sdgs,
  materials,
  newsletter_runs,
  newsletter_subscribers,
  notifications,
  offers,
  queries,
  registration_requests,
  reviews,
  sub_listings,
  third_level_subcategories,
  trips,
  users,
  vehicles,
} from '../../drizzle/schema';
import { DONATION_STATUSES, SIGNUP_COUNTRIES } from '../../shared/constants/enums';
import { LISTING_STATUS_OF_DONATION } from '../../shared/machines/donation';
import { haversineKm } from '../../shared/lib/geo';
import { isFullyReserved } from '../../shared/lib/stock';
import { hashPassword, verifyPassword } from '../lib/password';
import { openPglite, type Database } from '../db/client';
import { lastMonths, monthStart } from '../../shared/lib/stats';
import { monthlyFigures } from '../modules/stats/repo';
import { createLocalStorage } from '../lib/storage-local';
import { seedDemo } from '.';
import { seedDemoListings } from './listing-photos';
import { seedReferenceData } from '../db/seed/reference';
import type { Deps } from '../deps';
import { listInvitations } from '../modules/invitations/service';
import { pendingOffers } from '../modules/offers/service';

const PASSWORD = 'demo-password-for-tests';
let database: Database;
let firstRun: { seeded: boolean };
let nonEmptyRun: { seeded: boolean };
let usersAfterNonEmptyRun = -1;
let bootstrapAdminHash = '';

beforeAll(async () => {
  database = await openPglite(null);
  await database.migrate();
  await seedReferenceData(database.db);
  const db = database.db;

  // A database that already has a company gets no demo data.
  const [existing] = await db.insert(companies).values({ name: 'Already here ApS', status: 'approved' }).returning();
  nonEmptyRun = await seedDemo(db, { password: PASSWORD });
  usersAfterNonEmptyRun = Number((await db.select({ n: count() }).from(users))[0]?.n);
  await db.delete(companies).where(eq(companies.id, existing!.id));

  // The bootstrap administrator (ADMIN_EMAIL) is created before the demo seed and may own admin@example.com.
  bootstrapAdminHash = await hashPassword('bootstrap-admin-password');
  await db
    .insert(users)
    .values({ email: 'admin@example.com', username: 'admin', first_name: 'Boot', role: 'ADMIN', password_hash: bootstrapAdminHash });

  firstRun = await seedDemo(db, { password: PASSWORD });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const db = () => database.db;
const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];

describe('seedDemo', () => {
  it('does nothing when the database already has companies', () => {
    expect(nonEmptyRun).toEqual({ seeded: false });
    expect(usersAfterNonEmptyRun).toBe(0);
  });

  it('seeds an empty database and reports it', () => {
    expect(firstRun).toEqual({ seeded: true });
  });

  it('keeps an administrator that already exists instead of failing on its email', async () => {
    const admins = await db().select().from(users).where(eq(users.role, 'ADMIN'));
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ email: 'admin@example.com', company_id: null, password_hash: bootstrapAdminHash });
  });

  it('creates the documented demo accounts with the right roles, company and password', async () => {
    const manager = await userByEmail('manager@example.com');
    const member = await userByEmail('member@example.com');
    expect(manager).toMatchObject({ role: 'MANAGER', is_demo: true, donations_dashboard_access: true });
    expect(member).toMatchObject({ role: 'MEMBER', is_demo: true, donations_dashboard_access: false });
    expect(member!.company_id).toBe(manager!.company_id);
    expect(await verifyPassword(manager!.password_hash, PASSWORD)).toBe(true);
    expect(member!.password_hash).toBe(manager!.password_hash);

    const [company] = await db().select().from(companies).where(eq(companies.id, manager!.company_id!));
    expect(company).toMatchObject({ status: 'approved', is_parent_company: true });
    const [primary] = await db()
      .select()
      .from(company_addresses)
      .where(and(eq(company_addresses.company_id, company!.id), eq(company_addresses.is_primary, true)));
    expect(primary).toMatchObject({ country: 'DK' });
    expect(primary!.city).toMatch(/København|Copenhagen/);
    const portfolio = await db().select().from(companies).where(eq(companies.parent_company_id, company!.id));
    expect(portfolio.length).toBeGreaterThanOrEqual(2);
  });

  it('seeds approved companies in at least four signup countries, each with exactly one primary address', async () => {
    const approved = await db().select().from(companies).where(eq(companies.status, 'approved'));
    expect(approved.length).toBeGreaterThanOrEqual(10);
    const addresses = await db().select().from(company_addresses);
    const countriesUsed = new Set<string>();
    for (const c of approved) {
      const own = addresses.filter((a) => a.company_id === c.id);
      expect(
        own.filter((a) => a.is_primary),
        c.name,
      ).toHaveLength(1);
      countriesUsed.add(own[0]!.country);
      expect(c.onboarding_date && c.member_since, c.name).toBeTruthy();
    }
    expect([...countriesUsed].every((code) => (SIGNUP_COUNTRIES as readonly string[]).includes(code))).toBe(true);
    expect(countriesUsed.size).toBeGreaterThanOrEqual(4);
    const [{ n }] = (await db().select({ n: count() }).from(company_material_groups)) as [{ n: number }];
    expect(Number(n)).toBeGreaterThan(0);
  });

  it('gives every company user an approved company and every demo user the demo flag', async () => {
    const all = await db().select().from(users).where(ne(users.role, 'ADMIN'));
    expect(all.every((u) => u.is_demo && u.company_id !== null)).toBe(true);
    expect(
      await db()
        .select()
        .from(users)
        .where(and(eq(users.role, 'ADMIN'), isNull(users.company_id))),
    ).toHaveLength(1);
  });

  it('lists offerings of all four categories, with units, taxonomy and coordinates from the address', async () => {
    const rows = await db().select().from(materials).where(eq(materials.kind, 'offering'));
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['by-product', 'surplus', 'waste', 'knowledge']));
    const addresses = new Map((await db().select().from(company_addresses)).map((a) => [a.id, a]));
    const leaves = new Map((await db().select().from(third_level_subcategories)).map((t) => [t.id, t]));
    const groupKinds = new Map((await db().select().from(material_groups)).map((g) => [g.id, g.kind]));
    for (const r of rows) {
      // PRODUCT.md: space counts square metres, knowledge hours, everything else kilograms.
      const kind = groupKinds.get(r.material_group_id!);
      expect(r.quantity_unit, r.title).toBe(kind === 'space' ? 'm2' : r.category === 'knowledge' ? 'hours' : 'kg');
      expect(r.title.length, r.title).toBeLessThanOrEqual(50);
      expect(r.description.length, r.title).toBeLessThanOrEqual(500);
      const address = addresses.get(r.address_id!);
      expect(address?.company_id, r.title).toBe(r.company_id);
      expect([r.latitude, r.longitude]).toEqual([address!.latitude, address!.longitude]);
      expect(r.material_group_code, r.title).toBe(leaves.get(r.third_level_subcategory_id!)?.code);
      expect(r.material_group_id, r.title).not.toBeNull();
    }
    expect((await db().select().from(sub_listings)).length).toBeGreaterThan(0);
    expect((await db().select().from(material_sdgs)).length).toBeGreaterThan(0);
  });

  it('gives every demo company the accepted registration of its manager (the administrator’s list names them)', async () => {
    const approved = await db().select({ id: companies.id }).from(companies).where(eq(companies.status, 'approved'));
    const accepted = await db().select().from(registration_requests).where(eq(registration_requests.status, 'accepted'));
    for (const c of approved) {
      const request = accepted.find((r) => r.company_id === c.id);
      expect(request, `company ${c.id}`).toBeDefined();
      const [user] = await db().select().from(users).where(eq(users.id, request!.user_id));
      expect(user).toMatchObject({ role: 'MANAGER', company_id: c.id });
    }
  });

  it('never repeats a listing title and gives sub-listings their own names', async () => {
    const rows = await db().select({ title: materials.title }).from(materials);
    expect(new Set(rows.map((r) => r.title)).size).toBe(rows.length);
    const subs = await db().select().from(sub_listings);
    expect(new Set(subs.map((s) => s.title)).size).toBe(subs.length);
    expect(subs.every((s) => !/lot [AB]|half of the batch/i.test(`${s.title} ${s.description ?? ''}`))).toBe(true);
  });

  it('surrounds the demo company with other companies’ offers of every category within 5, 20 and 40 km and beyond', async () => {
    const manager = await userByEmail('manager@example.com');
    const [home] = await db()
      .select()
      .from(company_addresses)
      .where(and(eq(company_addresses.company_id, manager!.company_id!), eq(company_addresses.is_primary, true)));
    const others = await db()
      .select()
      .from(materials)
      .where(and(eq(materials.kind, 'offering'), eq(materials.status, 'active'), ne(materials.company_id, manager!.company_id!)));
    const at = (r: (typeof others)[number]) => haversineKm({ lat: home!.latitude, lng: home!.longitude }, { lat: r.latitude!, lng: r.longitude! });
    for (const km of [5, 20, 40]) {
      const near = others.filter((r) => at(r) <= km);
      expect(new Set(near.map((r) => r.category)), `within ${km} km`).toEqual(new Set(['by-product', 'surplus', 'waste', 'knowledge']));
      expect(new Set(near.map((r) => r.company_id)).size, `companies within ${km} km`).toBeGreaterThanOrEqual(2);
    }
    expect(others.filter((r) => at(r) > 5 && at(r) <= 20).length).toBeGreaterThanOrEqual(8);
    expect(others.filter((r) => at(r) > 20 && at(r) <= 40).length).toBeGreaterThanOrEqual(8);
    expect(others.filter((r) => at(r) > 40).length).toBeGreaterThanOrEqual(20);
    expect(others.some((r) => r.quantity_unit === 'm2' && at(r) <= 5)).toBe(true);
  });

  it('records completed synergies with impact and reviews, plus pending offers', async () => {
    const done = await db()
      .select()
      .from(exchanges)
      .where(and(eq(exchanges.level_of_completion, 'COMPLETED'), eq(exchanges.successful, true)));
    expect(done.length).toBeGreaterThanOrEqual(3);
    const impacts = await db().select().from(impact_records);
    expect(impacts).toHaveLength(done.length);
    expect(impacts.some((i) => i.kg > 0 && i.co2e_kg > 0)).toBe(true);
    expect(impacts.every((i) => i.factor_set === 'DESNZ/Defra GHG Conversion Factors 2023 v1.1')).toBe(true);
    expect(impacts.filter((i) => i.hours > 0).every((i) => i.co2e_kg === 0)).toBe(true);
    expect((await db().select().from(reviews)).length).toBeGreaterThan(0);
    expect((await db().select().from(offers).where(eq(offers.status, 'pending'))).length).toBeGreaterThan(0);
  });

  it('shows a negotiation in progress (a countered offer of the demo company, its turn) and one pending invitation', async () => {
    const manager = (await userByEmail('manager@example.com'))!;
    const actor = { kind: 'user' as const, user_id: manager.id, role: 'MANAGER' as const, company_id: manager.company_id! };
    // Read as the services answer it (only their database is needed here).
    const deps = { db: db() } as unknown as Deps;
    const pending = await pendingOffers(deps, actor, { page: 0, size: 20 });
    const countered = pending.items.find((o) => o.status === 'countered');
    expect(countered).toMatchObject({ direction: 'made', round: 2, turn: 'offerer', actions: ['withdraw', 'accept', 'counter'] });
    expect(countered!.rounds.map((r) => [r.by, r.unit_price])).toEqual([
      ['offerer', 4],
      ['owner', 5.5],
    ]);
    const invitations = await listInvitations(deps, actor, { company_id: manager.company_id! });
    expect(invitations.items.map((i) => i.status)).toEqual(['pending']);
  });

  it("gives the demo company's dashboard four months of real history, provided and received, each with one impact record", async () => {
    const manager = await userByEmail('manager@example.com');
    const companyId = manager!.company_id!;
    const now = new Date();
    const months = await monthlyFigures(db(), companyId, monthStart(now, -3), monthStart(now, 1));
    const byMonth = new Map(months.map((m) => [m.month, m]));
    for (const month of lastMonths(now, 4)) {
      expect(byMonth.get(month)?.completed_synergies, month).toBeGreaterThan(0);
      expect((byMonth.get(month)?.kgs ?? 0) + (byMonth.get(month)?.hours ?? 0), month).toBeGreaterThan(0);
    }
    const recent = await db()
      .select({
        provider: exchanges.provider_company_id,
        requester: exchanges.requester_company_id,
        kg: impact_records.kg,
        co2e: impact_records.co2e_kg,
      })
      .from(exchanges)
      .innerJoin(impact_records, eq(impact_records.exchange_id, exchanges.id))
      .where(and(eq(exchanges.successful, true), gte(exchanges.completed_at, monthStart(now, -3))));
    expect(recent.filter((r) => r.provider === companyId).length).toBeGreaterThan(0);
    expect(recent.filter((r) => r.requester === companyId).length).toBeGreaterThan(0);
    // This month's tonne of pallets (wood): 1,199.3134 kg CO2e.
    expect(recent.some((r) => r.requester === companyId && r.kg === 1000 && Math.round(r.co2e) === 1199)).toBe(true);
    // Every month shows CO2e avoided, not only kilograms.
    for (const month of lastMonths(now, 4)) expect(byMonth.get(month)?.co2e_kg ?? 0, month).toBeGreaterThan(50);
  });

  it('computes every demo impact record by the method in force: its listing’s mapping, basis and route pinned', async () => {
    const records = await db().select().from(impact_records);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) {
      expect(r.basis, `record ${r.id}`).not.toBeNull();
      expect(r.mapping, `record ${r.id}`).not.toBeNull();
      if (r.basis !== 'none') expect(r.counterfactual_route, `record ${r.id}`).not.toBeNull();
    }
    // Brewer's spent grain (02 07 04): food residue, disposal avoided only via anaerobic digestion, 8.91242 kg per tonne.
    const grain = records.filter((r) => r.mapping?.level === 'group' && r.material_group === 'Food by-products' && r.kg > 0);
    expect(grain.length).toBeGreaterThan(0);
    for (const r of grain) {
      expect(r).toMatchObject({ basis: 'disposal_only', counterfactual_route: 'Anaerobic digestion' });
      expect(r.co2e_kg).toBeCloseTo((r.kg / 1000) * 8.91242, 6);
    }
  });

  it('adds the demo driver with trips in every status, a second driver, three HGVs and a completed trip’s transport', async () => {
    const [driver] = await db().select().from(drivers).where(eq(drivers.email, 'driver@example.com'));
    expect(driver).toMatchObject({ name: 'Lars Nielsen', phone: '+45 12 34 56 78', phone_digits: '4512345678', status: 'BUSY' });
    expect(await db().select().from(vehicles)).toHaveLength(3);
    const own = await db().select().from(trips).where(eq(trips.driver_id, driver!.id));
    expect(new Set(own.map((t) => t.status))).toEqual(new Set(['ASSIGNED', 'ON_ROUTE', 'COMPLETED', 'CANCELLED']));
    expect(own.every((t) => t.estimate_is_straight_line)).toBe(true);
    // One trip on the way per driver: the ARRIVED one is the second driver's.
    const all = await db().select().from(trips);
    expect(new Set(all.map((t) => t.status))).toEqual(new Set(['ASSIGNED', 'ON_ROUTE', 'ARRIVED', 'COMPLETED', 'CANCELLED']));
    const completed = all.find((t) => t.status === 'COMPLETED')!;
    expect(completed.actual_distance).toBeGreaterThan(100);
    expect(completed.transport_co2e_kg).toBeCloseTo(completed.actual_distance! * 0.89061, 2);
  });

  it('shows the demo company a partly and a fully reserved listing, a running trip and the trips notifications it gave', async () => {
    const manager = (await userByEmail('manager@example.com'))!;
    const own = await db().select().from(materials).where(eq(materials.company_id, manager.company_id!));
    const partly = own.filter((m) => m.reserved_quantity > 0 && !isFullyReserved(m));
    const fully = own.filter((m) => isFullyReserved(m));
    expect(partly.map((m) => m.title)).toContain("Brewer's spent grain");
    expect(fully.map((m) => m.title)).toEqual(['Spent brewer’s yeast slurry']);
    // Every reservation is what the accepted offers of synergies not ended unsuccessfully hold.
    for (const m of await db().select().from(materials)) {
      const accepted = await db()
        .select({ quantity: offers.quantity, successful: exchanges.successful, level: exchanges.level_of_completion })
        .from(offers)
        .leftJoin(exchanges, eq(exchanges.offer_id, offers.id))
        .where(and(eq(offers.material_id, m.id), eq(offers.status, 'accepted')));
      const held = accepted.filter((o) => !(o.level === 'COMPLETED' && o.successful === false)).reduce((n, o) => n + o.quantity, 0);
      expect([m.title, m.reserved_quantity]).toEqual([m.title, held]);
    }
    const yeast = fully[0]!;
    const [synergy] = await db().select().from(exchanges).where(eq(exchanges.material_id, yeast.id));
    const running = await db().select().from(trips).where(eq(trips.exchange_id, synergy!.id));
    expect(running.some((t) => t.status === 'ON_ROUTE')).toBe(true);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, manager.id), eq(notifications.type, 'trips')));
    expect(new Set(told.map((n) => n.code))).toEqual(
      new Set(['notification.tripScheduled', 'notification.tripCancelled', 'notification.tripStarted']),
    );
    expect(told.every((n) => n.link === `/synergies?exchange=${synergy!.id}`)).toBe(true);
    expect(told.filter((n) => !n.seen).map((n) => n.code)).toEqual(['notification.tripStarted']);
    // An offer may name a sub-listing: the pending one for a bay of Hafen's warehouse does.
    const named = await db().select().from(offers).where(isNotNull(offers.sub_listing_id));
    expect(named).toHaveLength(1);
  });

  it('gives companies subscriptions that are active, expiring soon and expired', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const subs = await db().select().from(company_subscriptions);
    expect(subs.some((s) => s.end_date > soon)).toBe(true);
    expect(subs.some((s) => s.end_date >= today && s.end_date <= soon)).toBe(true);
    expect(subs.some((s) => s.end_date < today)).toBe(true);
    expect((await db().select().from(donation_tags)).length).toBeGreaterThanOrEqual(2);
  });

  it('gives the admin console help queries (one answered with its mail and audit entry), subscribers and a past digest', async () => {
    const all = await db().select().from(queries);
    expect(all).toHaveLength(4);
    expect(new Set(all.map((q) => q.language))).toEqual(new Set(['en', 'dk', 'my']));
    const answered = all.filter((q) => q.status === 'answered');
    expect(answered).toHaveLength(1);
    expect(all.filter((q) => q.read_at === null)).toHaveLength(2);
    expect(await db().select().from(mail_outbox).where(eq(mail_outbox.to_address, answered[0]!.email))).toHaveLength(1);
    const [entry] = await db()
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'query'), eq(audit_log.entity_id, answered[0]!.id)));
    expect(entry).toMatchObject({ action: 'query.answer', actor_email: 'admin@example.com' });
    const subscribers = await db().select().from(newsletter_subscribers);
    expect(subscribers.filter((x) => x.unsubscribed_at === null)).toHaveLength(3);
    const [run] = await db().select().from(newsletter_runs);
    expect(run!.period_start < new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)).toBe(true);
  });

  it('draws a photo for every demo listing once, stored as a real PNG', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'demo-photos-'));
    try {
      const storage = createLocalStorage({ root });
      const first = await seedDemoListings(db(), storage);
      const offerings = await db().select({ id: materials.id }).from(materials).where(eq(materials.kind, 'offering'));
      expect(first).toEqual({ seeded: true, listings: offerings.length });
      const images = await db().select().from(material_images);
      expect(new Set(images.map((i) => i.material_id))).toEqual(new Set(offerings.map((o) => o.id)));
      expect(new Set(images.map((i) => i.storage_key)).size).toBe(images.length);
      const file = await storage.get(images[0]!.storage_key);
      expect(file?.mime_type).toBe('image/png');
      expect(await seedDemoListings(db(), storage)).toEqual({ seeded: false, listings: 0 });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('gives donations in every state, each a listing of kind donation with its donation row, the demo company one of each', async () => {
    const rows = await db()
      .select({
        status: donations.status,
        company: companies.name,
        listing_status: materials.status,
        kind: materials.kind,
        quantity_kg: donations.quantity_kg,
        impact_kg: donations.impact_kg,
        co2e_kg: donations.co2e_kg,
        handed_over_at: donations.handed_over_at,
        approver_name: donations.approver_name,
        deny_reason: donations.deny_reason,
      })
      .from(donations)
      .innerJoin(materials, eq(materials.id, donations.material_id))
      .innerJoin(companies, eq(companies.id, materials.company_id));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(DONATION_STATUSES));
    const demo = rows.filter((r) => r.company === 'Øresund Brewing Group A/S');
    expect(new Set(demo.map((r) => r.status))).toEqual(new Set(DONATION_STATUSES));
    for (const r of rows) {
      expect(r.kind).toBe('donation');
      expect(r.listing_status).toBe(LISTING_STATUS_OF_DONATION[r.status]);
      expect(r.approver_name !== null).toBe(r.status === 'approved' || r.status === 'handed_over');
      expect(r.deny_reason !== null).toBe(r.status === 'denied');
      if (r.status === 'handed_over') {
        expect(r.impact_kg).toBe(r.quantity_kg);
        expect(r.co2e_kg).toBeGreaterThan(0);
        // Inside the six months the dashboard shows.
        expect(r.handed_over_at!.getTime()).toBeGreaterThanOrEqual(monthStart(new Date(), -5).getTime());
      } else expect(r.impact_kg).toBeNull();
    }
    // No listing of kind donation lacks its donation row.
    const orphans = await db()
      .select({ id: materials.id })
      .from(materials)
      .leftJoin(donations, eq(donations.material_id, materials.id))
      .where(and(eq(materials.kind, 'donation'), isNull(donations.id)));
    expect(orphans).toEqual([]);
  });

  it('gives the demo company a second member, a former member whose message stays, registration data, and a disabled account', async () => {
    const [oresund] = await db().select().from(companies).where(eq(companies.name, 'Øresund Brewing Group A/S'));
    expect(oresund).toMatchObject({ tax_certificate_number: expect.any(String), company_license_number: expect.any(String) });
    const people = await db().select().from(users).where(eq(users.company_id, oresund!.id));
    const active = people.filter((u) => u.deleted_at === null && u.disabled_at === null);
    expect(active.filter((u) => u.role === 'MEMBER').length).toBeGreaterThanOrEqual(2);
    expect(people.find((u) => u.email === 'manager@example.com')?.about_info).toBeTruthy();
    const former = people.find((u) => u.deleted_at !== null);
    expect(former).toBeDefined();
    expect(await db().select({ id: chat_messages.id }).from(chat_messages).where(eq(chat_messages.sender_user_id, former!.id))).toHaveLength(1);
    const disabled = await db().select().from(users).where(isNotNull(users.disabled_at));
    expect(disabled.map((u) => u.email)).toEqual(['paul.weber@example.org']);
  });

  it('shows two needs, one with matches and its notification, one near the demo company, and a saved search', async () => {
    const manager = (await userByEmail('manager@example.com'))!;
    const all = await db().select().from(needs);
    expect(all).toHaveLength(2);
    const own = all.find((n) => n.company_id === manager.company_id)!;
    const near = all.find((n) => n.company_id !== manager.company_id)!;
    expect(haversineKm({ lat: near.latitude!, lng: near.longitude! }, { lat: own.latitude!, lng: own.longitude! })).toBeLessThan(40);
    expect((await db().select().from(need_matches).where(eq(need_matches.need_id, own.id))).length).toBeGreaterThan(0);
    // The neighbour's need already shows the demo company's brewing by-products.
    const nearMatches = await db()
      .select({ company_id: materials.company_id })
      .from(need_matches)
      .innerJoin(materials, eq(materials.id, need_matches.material_id))
      .where(eq(need_matches.need_id, near.id));
    expect(nearMatches.map((m) => m.company_id)).toContain(manager.company_id);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, manager.id), eq(notifications.code, 'notification.needMatched')));
    expect(told).toHaveLength(1);
    const saved = await db().select().from(saved_searches).where(eq(saved_searches.user_id, manager.id));
    expect(saved).toEqual([expect.objectContaining({ notify: true, filters: { category: 'surplus', proximity: '20' } })]);
  });

  it('gives the demo company an API key and a webhook with delivered, retried and failed deliveries, and no job to send', async () => {
    const [oresund] = await db().select().from(companies).where(eq(companies.name, 'Øresund Brewing Group A/S'));
    const keys = await db().select().from(api_keys).where(eq(api_keys.company_id, oresund!.id));
    expect(keys.map((k) => [k.name, k.scopes, k.prefix.startsWith('sk_live_')])).toEqual([['ERP sync', ['read', 'write'], true]]);
    const [hook] = await db().select().from(webhook_endpoints).where(eq(webhook_endpoints.company_id, oresund!.id));
    expect(hook).toMatchObject({ enabled: true, url: expect.stringMatching(/^https:\/\//) });
    const deliveries = await db().select().from(webhook_deliveries).where(eq(webhook_deliveries.endpoint_id, hook!.id));
    expect(deliveries.map((d) => [d.status, d.attempts]).sort()).toEqual([
      ['failed', 8],
      ['succeeded', 1],
      ['succeeded', 3],
    ]);
    for (const d of deliveries) expect(JSON.parse(d.body)).toMatchObject({ type: 'offer.received', data: { listing_company: { id: oresund!.id } } });
    expect(await db().select().from(jobs).where(eq(jobs.type, 'webhook-delivery'))).toEqual([]);
  });

  it('is a no-op the second time', async () => {
    const before = Number((await db().select({ n: count() }).from(materials))[0]?.n);
    expect(await seedDemo(db(), { password: PASSWORD })).toEqual({ seeded: false });
    expect(Number((await db().select({ n: count() }).from(materials))[0]?.n)).toBe(before);
  });
});
