// Test data builders. Each returns the inserted row; pass only what the test cares about.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { companies, company_addresses, drivers, jobs, mail_outbox, materials, users } from '../../drizzle/schema';
import type { CompanyStatus, Role } from '../../shared/constants/enums';
import { normalizeDriverPhone } from '../../shared/schemas/auth';
import type { DbOrTx } from '../db/client';
import type { Actor } from '../lib/actor';
import type { TestContext } from './harness';
import { hashPassword } from '../lib/password';

export const TEST_PASSWORD = 'correct-horse-battery';
/**
 * TEST_PASSWORD hashed by argon2id at its lowest cost (1 MiB, one pass), so that the many test logins verify in
 * about a millisecond instead of tens: the login path still runs the real verify in the password worker, which
 * reads the cost from the hash. A password a test passes is hashed as production hashes it.
 */
const TEST_PASSWORD_HASH = '$argon2id$v=19$m=1024,p=1,t=1$lWQ7fh4FDx1Zq/HuWlksVg$2r2WWL52EcdusrivcW8HpOfsWmIvUHP55u4i1hdxq2E';
const uniq = () => randomBytes(4).toString('hex');

export async function createCompany(
  db: DbOrTx,
  o: Partial<typeof companies.$inferInsert> & { status?: CompanyStatus; lat?: number; lng?: number } = {},
) {
  const { lat = 55.6761, lng = 12.5683, ...rest } = o;
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${uniq()}`, status: 'approved', ...rest })
    .returning();
  await db.insert(company_addresses).values({
    company_id: company!.id,
    address: 'Vesterbrogade 1',
    city: 'Copenhagen',
    zip_code: '1620',
    country: 'DK',
    latitude: lat,
    longitude: lng,
    is_primary: true,
  });
  return company!;
}

export async function createUser(db: DbOrTx, o: Partial<typeof users.$inferInsert> & { role?: Role; password?: string } = {}) {
  const { password, ...rest } = o;
  const email = rest.email ?? `user-${uniq()}@acme.example`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      username: email,
      first_name: 'Test',
      last_name: 'User',
      role: 'MEMBER',
      password_hash: password ? await hashPassword(password) : TEST_PASSWORD_HASH,
      ...rest,
    })
    .returning();
  return user!;
}

/** A company with a MANAGER and a MEMBER, plus their actors. */
export async function createCompanyWithUsers(db: DbOrTx, o: Parameters<typeof createCompany>[1] = {}) {
  const company = await createCompany(db, o);
  const manager = await createUser(db, { company_id: company.id, role: 'MANAGER' });
  const member = await createUser(db, { company_id: company.id, role: 'MEMBER' });
  return { company, manager, member, managerActor: actorOf(manager), memberActor: actorOf(member) };
}

export async function createAdmin(db: DbOrTx) {
  const admin = await createUser(db, { role: 'ADMIN', company_id: null });
  return { admin, adminActor: actorOf(admin) };
}

/**
 * The one escape from a procedure's typed input, for a test that sends a value the schema must refuse: the
 * argument is invalid on purpose. Valid input goes through the typed builders and needs no cast.
 */
export function asInput<T>(invalidOnPurpose: unknown): T {
  return invalidOnPurpose as T;
}

export function actorOf(user: { id: number; role: Role; company_id: number | null }): Actor {
  return { kind: 'user', user_id: user.id, role: user.role, company_id: user.company_id };
}

export async function createDriver(db: DbOrTx, o: Partial<typeof drivers.$inferInsert> = {}) {
  const phone = o.phone ?? '+45 11 22 33 44';
  const [driver] = await db
    .insert(drivers)
    .values({ name: 'Test Driver', email: `driver-${uniq()}@example.com`, phone, phone_digits: normalizeDriverPhone(phone), ...o })
    .returning();
  return driver!;
}

/** An active offering of the company (kg unless a knowledge category is given). */
export async function createListing(db: DbOrTx, companyId: number, o: Partial<typeof materials.$inferInsert> = {}) {
  const [row] = await db
    .insert(materials)
    .values({
      kind: 'offering',
      company_id: companyId,
      title: `Listing ${uniq()}`,
      description: 'A test listing',
      category: 'by-product',
      frequency: 'weekly',
      quantity: 1000,
      quantity_unit: o.category === 'knowledge' ? 'hours' : 'kg',
      condition: 'Good',
      type: 'Test',
      final_use: 'Testing',
      latitude: 55.6761,
      longitude: 12.5683,
      ...o,
    })
    .returning();
  return row!;
}

/** A seller company with an offering (`listing` overrides any field) and a buyer company, each with its users. */
export async function createMarket(db: DbOrTx, listing: Partial<typeof materials.$inferInsert> = {}) {
  const seller = await createCompanyWithUsers(db, { name: `Seller ${uniq()}` });
  const buyer = await createCompanyWithUsers(db, { name: `Buyer ${uniq()}` });
  const material = await createListing(db, seller.company.id, listing);
  return { seller, buyer, material };
}

/**
 * A synergy in progress between a new provider and a new requester, started through the real offer flow: the
 * requester offers `quantity` (1000) of the provider's listing (5000 by default, `listing` overrides any field) and
 * the provider's manager accepts.
 */
export async function startSynergy(
  t: Pick<TestContext, 'caller' | 'database'>,
  o: {
    listing?: Partial<typeof materials.$inferInsert>;
    quantity?: number;
    message?: string;
    provider?: Parameters<typeof createCompany>[1];
    requester?: Parameters<typeof createCompany>[1];
  } = {},
) {
  const db = t.database.db;
  const provider = await createCompanyWithUsers(db, { name: `Provider ${uniq()}`, ...o.provider });
  const requester = await createCompanyWithUsers(db, { name: `Requester ${uniq()}`, ...o.requester });
  const material = await createListing(db, provider.company.id, { quantity: 5000, ...o.listing });
  const offer = await t
    .caller(requester.memberActor)
    .offers.create({ material_id: material.id, quantity: o.quantity ?? 1000, message: o.message ?? 'Pickup please' });
  const { exchange_id } = await t.caller(provider.managerActor).offers.review({ id: offer.id, decision: 'accept' });
  return { provider, requester, material, id: exchange_id! };
}

/** An outbox mail as enqueueMail would have written it (without its delivery job), in any state. */
export async function createOutboxMail(db: DbOrTx, o: Partial<typeof mail_outbox.$inferInsert> = {}) {
  const [row] = await db
    .insert(mail_outbox)
    .values({
      to_address: `reader-${uniq()}@example.com`,
      subject: 'Your registration has been approved',
      text_body: 'Hello Ana,\n\nGood news.\n\nThe Synergy Marketplace team',
      template: 'registration_approved',
      language: 'en',
      ...(o.status === 'failed' ? { attempts: 5, last_error: 'Connection refused' } : {}),
      ...o,
    })
    .returning();
  return row!;
}

/** A job that used up its attempts, as the queue leaves one (a type no worker in tests handles, unless given). */
export async function createFailedJob(db: DbOrTx, o: { type?: string; payload?: Record<string, unknown> } = {}) {
  const [row] = await db
    .insert(jobs)
    .values({
      type: o.type ?? 'test-failed',
      payload: o.payload ?? {},
      status: 'failed',
      attempts: 3,
      max_attempts: 3,
      last_error: 'Connection refused',
      finished_at: sql`now()`,
    })
    .returning();
  return row!;
}
