// The demo companies (with their sites and material interests), their people, the registrations they joined
// through, and one registration still waiting for an administrator.
import { createHash, randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import {
  companies,
  company_addresses,
  company_invitations,
  company_material_groups,
  material_groups,
  registration_requests,
  users,
} from '../../drizzle/schema';
import { isoDate } from '../../shared/lib/subscription';
import type { Tx } from '../db/client';
import { daysFrom, must } from './common';
import { DEMO_COMPANIES } from './data/companies';
import { DEMO_USERS } from './data/users';
import type { CompanyKey, DemoCompany } from './types';

const EXPECTATIONS = 'Find local partners for our by-products and cut disposal costs.';

export interface DemoCompanies {
  cid: (key: CompanyKey) => number;
  companyOf: (key: CompanyKey) => DemoCompany;
  addressOf: (key: CompanyKey, index?: number) => typeof company_addresses.$inferSelect;
}

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'email' | 'company_id' | 'role' | 'first_name' | 'last_name'>;

export interface DemoPeople {
  userRows: UserRow[];
  userByEmail: Map<string, UserRow>;
  adminId: number;
  managerOf: (key: CompanyKey) => UserRow;
}

/** Companies (parents first, so portfolio companies can point at them), their addresses and material groups. */
export async function seedCompanies(tx: Tx, now: Date): Promise<DemoCompanies> {
  const ago = (days: number) => daysFrom(now, -days);
  const companyId = new Map<CompanyKey, number>();
  for (const c of [...DEMO_COMPANIES].sort((a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)))) {
    const [row] = await tx
      .insert(companies)
      .values({
        name: c.name,
        registered_company_name: c.name,
        business_registration_number: c.business_registration_number,
        company_size: c.company_size,
        industry: c.industry,
        main_business: c.main_business,
        website_url: c.website_url,
        contact_phone: c.contact_phone,
        country_calling_code: c.calling_code,
        about_info: c.about_info,
        expectations: EXPECTATIONS,
        preferred_currency: c.currency,
        status: 'approved',
        is_parent_company: c.is_parent_company ?? false,
        parent_company_id: c.parent ? must(companyId.get(c.parent), `parent ${c.parent}`) : null,
        onboarding_date: isoDate(ago(c.member_since_days_ago - 2)),
        member_since: isoDate(ago(c.member_since_days_ago)),
        created_at: ago(c.member_since_days_ago + 3),
      })
      .returning({ id: companies.id });
    companyId.set(c.key, must(row, c.key).id);
  }
  const cid = (key: CompanyKey) => must(companyId.get(key), `company ${key}`);
  const companyOf = (key: CompanyKey) =>
    must(
      DEMO_COMPANIES.find((c) => c.key === key),
      `company ${key}`,
    );

  const addressRows = await tx
    .insert(company_addresses)
    .values(DEMO_COMPANIES.flatMap((c) => c.addresses.map((a, i) => ({ company_id: cid(c.key), ...a, country: c.country, is_primary: i === 0 }))))
    .returning();
  const addressOf = (key: CompanyKey, index = 0) => {
    const wanted = must(companyOf(key).addresses[index], `address ${index} of ${key}`);
    return must(
      addressRows.find((a) => a.company_id === cid(key) && a.address === wanted.address),
      `address ${index} of ${key}`,
    );
  };
  await seedMaterialInterests(tx, cid);
  return { cid, companyOf, addressOf };
}

async function seedMaterialInterests(tx: Tx, cid: (key: CompanyKey) => number): Promise<void> {
  const groups = await tx.select({ id: material_groups.id, slug: material_groups.slug }).from(material_groups);
  const groupId = new Map(groups.map((g) => [g.slug, g.id]));
  await tx.insert(company_material_groups).values(
    DEMO_COMPANIES.flatMap((c) => [
      ...c.interested.map((slug) => ({
        company_id: cid(c.key),
        material_group_id: must(groupId.get(slug), slug),
        relation: 'interested' as const,
      })),
      ...c.providing.map((slug) => ({ company_id: cid(c.key), material_group_id: must(groupId.get(slug), slug), relation: 'providing' as const })),
    ]),
  );
}

/** The administrator and the companies' people; each company joined through a registration its manager sent. */
export async function seedPeople(tx: Tx, { cid, companyOf }: DemoCompanies, passwordHash: string, now: Date): Promise<DemoPeople> {
  const ago = (days: number) => daysFrom(now, -days);
  // onConflictDoNothing: a bootstrap administrator (ADMIN_EMAIL) may already own admin@example.com.
  await tx
    .insert(users)
    .values([
      {
        email: 'admin@example.com',
        username: 'admin',
        first_name: 'Sofie',
        last_name: 'Andersen',
        official_role: 'Platform administrator',
        role: 'ADMIN',
        company_id: null,
        password_hash: passwordHash,
        is_demo: true,
      },
      ...DEMO_USERS.map((u) => ({
        email: u.email,
        username: u.username,
        first_name: u.first_name,
        last_name: u.last_name,
        official_role: u.official_role,
        business_email: u.email,
        role: u.role,
        company_id: cid(u.company),
        preferred_currency: companyOf(u.company).currency,
        language: u.language ?? 'en',
        donations_dashboard_access: u.donations_dashboard_access ?? false,
        password_hash: passwordHash,
        is_demo: true,
        created_at: ago(companyOf(u.company).member_since_days_ago),
      })),
    ])
    .onConflictDoNothing();
  const userRows = await tx
    .select({
      id: users.id,
      email: users.email,
      company_id: users.company_id,
      role: users.role,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(users)
    .where(inArray(users.email, ['admin@example.com', ...DEMO_USERS.map((u) => u.email)]));
  const userByEmail = new Map(userRows.map((u) => [u.email, u]));
  const adminId = must(userByEmail.get('admin@example.com'), 'admin').id;
  const managerOf = (key: CompanyKey) => {
    const email = must(
      DEMO_USERS.find((u) => u.company === key && u.role === 'MANAGER'),
      `manager of ${key}`,
    ).email;
    return must(userByEmail.get(email), email);
  };
  const people = { userRows, userByEmail, adminId, managerOf };
  await seedAcceptedRegistrations(tx, cid, people, now);
  return people;
}

/** As real companies join: a registration its manager sent and an administrator accepted (the company list names that manager). */
async function seedAcceptedRegistrations(tx: Tx, cid: (key: CompanyKey) => number, people: DemoPeople, now: Date): Promise<void> {
  const ago = (days: number) => daysFrom(now, -days);
  await tx.insert(registration_requests).values(
    DEMO_COMPANIES.map((c) => {
      const manager = must(
        DEMO_USERS.find((u) => u.company === c.key && u.role === 'MANAGER'),
        `manager of ${c.key}`,
      );
      return {
        company_id: cid(c.key),
        user_id: people.managerOf(c.key).id,
        status: 'accepted' as const,
        designation: manager.official_role,
        expectations: EXPECTATIONS,
        reviewed_by_user_id: people.adminId,
        reviewed_at: ago(c.member_since_days_ago),
        created_at: ago(c.member_since_days_ago + 3),
      };
    }),
  );
}

/** One invitation of the demo company waits to be accepted (the manager panel's user management lists it). */
export async function seedPendingInvitation(tx: Tx, { cid }: DemoCompanies, { managerOf }: DemoPeople, now: Date): Promise<void> {
  await tx.insert(company_invitations).values({
    company_id: cid('oresund'),
    email: 'freja.holm@oresund-brewing.example',
    role: 'MEMBER',
    token_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    invited_by_user_id: managerOf('oresund').id,
    expires_at: daysFrom(now, 6),
    created_at: daysFrom(now, -1),
  });
}

/** One registration awaiting approval, so the administrator's panel has something to decide. */
export async function seedPendingRegistration(tx: Tx, passwordHash: string, now: Date): Promise<void> {
  const created = daysFrom(now, -1);
  const [company] = await tx
    .insert(companies)
    .values({
      name: 'Hellas Bio Compost I.K.E.',
      company_size: '1-10',
      industry: 'agriculture',
      main_business: 'Industrial composting of food and garden waste',
      contact_phone: '231 055 7788',
      country_calling_code: '+30',
      expectations: 'Regular supplies of food by-products and garden waste within 50 km of Thessaloniki.',
      preferred_currency: 'EUR',
      status: 'pending',
      created_at: created,
    })
    .returning({ id: companies.id });
  const companyId = must(company, 'pending company').id;
  await tx.insert(company_addresses).values({
    company_id: companyId,
    address: '26th Oktovriou 90',
    city: 'Thessaloniki',
    state: 'Central Macedonia',
    zip_code: '546 27',
    country: 'GR',
    latitude: 40.6469,
    longitude: 22.9197,
    is_primary: true,
  });
  const groups = await tx
    .select({ id: material_groups.id, slug: material_groups.slug })
    .from(material_groups)
    .where(inArray(material_groups.slug, ['food-by-products', 'agriculture-and-forestry']));
  await tx
    .insert(company_material_groups)
    .values([
      ...groups.map((g) => ({ company_id: companyId, material_group_id: g.id, relation: 'interested' as const })),
      ...groups
        .filter((g) => g.slug === 'agriculture-and-forestry')
        .map((g) => ({ company_id: companyId, material_group_id: g.id, relation: 'providing' as const })),
    ]);
  const [user] = await tx
    .insert(users)
    .values({
      email: 'eleni.georgiou@example.org',
      username: 'eleni.georgiou',
      first_name: 'Eleni',
      last_name: 'Georgiou',
      official_role: 'Founder',
      role: 'MANAGER',
      company_id: companyId,
      preferred_currency: 'EUR',
      password_hash: passwordHash,
      is_demo: true,
      created_at: created,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return;
  await tx.insert(registration_requests).values({
    company_id: companyId,
    user_id: user.id,
    status: 'pending',
    designation: 'Founder',
    expectations: 'Regular supplies of food by-products and garden waste within 50 km of Thessaloniki.',
    created_at: created,
  });
}
