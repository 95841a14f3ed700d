import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  company_addresses,
  company_material_groups,
  company_subscriptions,
  donation_tags,
  drivers,
  exchanges,
  impact_records,
  material_sdgs,
  materials,
  offers,
  reviews,
  sub_listings,
  third_level_subcategories,
  trips,
  users,
  vehicles,
} from '../../../drizzle/schema';
import { SIGNUP_COUNTRIES } from '../../../shared/constants/enums';
import { hashPassword, verifyPassword } from '../../lib/password';
import { openPglite, type Database } from '../client';
import { seedDemo } from './demo';
import { seedReferenceData } from './reference';

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
  await db.insert(users).values({ email: 'admin@example.com', username: 'admin', first_name: 'Boot', role: 'ADMIN', password_hash: bootstrapAdminHash });

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
      expect(own.filter((a) => a.is_primary), c.name).toHaveLength(1);
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
    expect(await db().select().from(users).where(and(eq(users.role, 'ADMIN'), isNull(users.company_id)))).toHaveLength(1);
  });

  it('lists offerings of all four categories, with units, taxonomy and coordinates from the address', async () => {
    const rows = await db().select().from(materials).where(eq(materials.kind, 'offering'));
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['by-product', 'surplus', 'waste', 'knowledge']));
    const addresses = new Map((await db().select().from(company_addresses)).map((a) => [a.id, a]));
    const leaves = new Map((await db().select().from(third_level_subcategories)).map((t) => [t.id, t]));
    for (const r of rows) {
      expect(r.quantity_unit, r.title).toBe(r.category === 'knowledge' ? 'hours' : 'kg');
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

  it('records completed synergies with impact and reviews, plus pending offers', async () => {
    const done = await db().select().from(exchanges).where(and(eq(exchanges.level_of_completion, 'COMPLETED'), eq(exchanges.successful, true)));
    expect(done.length).toBeGreaterThanOrEqual(3);
    const impacts = await db().select().from(impact_records);
    expect(impacts).toHaveLength(done.length);
    expect(impacts.some((i) => i.kg > 0 && i.co2e_kg > 0)).toBe(true);
    expect(impacts.every((i) => i.factor_set === 'DESNZ/Defra GHG Conversion Factors 2023 v1.1')).toBe(true);
    expect(impacts.filter((i) => i.hours > 0).every((i) => i.co2e_kg === 0)).toBe(true);
    expect((await db().select().from(reviews)).length).toBeGreaterThan(0);
    expect((await db().select().from(offers).where(eq(offers.status, 'pending'))).length).toBeGreaterThan(0);
  });

  it('adds the demo driver with two vehicles and an assigned trip', async () => {
    const [driver] = await db().select().from(drivers).where(eq(drivers.email, 'driver@example.com'));
    expect(driver).toMatchObject({ name: 'Lars Nielsen', phone: '+45 12 34 56 78', phone_digits: '4512345678', status: 'AVAILABLE' });
    expect(await db().select().from(vehicles)).toHaveLength(2);
    const assigned = await db().select().from(trips).where(eq(trips.driver_id, driver!.id));
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatchObject({ status: 'ASSIGNED', estimate_is_straight_line: true });
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

  it('is a no-op the second time', async () => {
    const before = Number((await db().select({ n: count() }).from(materials))[0]?.n);
    expect(await seedDemo(db(), { password: PASSWORD })).toEqual({ seeded: false });
    expect(Number((await db().select({ n: count() }).from(materials))[0]?.n)).toBe(before);
  });
});
