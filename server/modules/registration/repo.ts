import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { companies, company_addresses, material_groups, registration_requests, subscription_plans, users } from '../../../drizzle/schema';
import type { RegistrationStatus } from '../../../shared/constants/enums';
import type { DbOrTx } from '../../db/client';

export async function existingMaterialGroupIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: material_groups.id }).from(material_groups).where(inArray(material_groups.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function emailOrUsernameTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()} or lower(${users.username}) = ${email.toLowerCase()}`)
    .limit(1);
  return !!row;
}

/** One temporary account as administrators see it: the request, its company and its first user. */
const temporaryAccountColumns = {
  id: registration_requests.id,
  status: registration_requests.status,
  variant: registration_requests.variant,
  designation: registration_requests.designation,
  expectations: registration_requests.expectations,
  reason: registration_requests.reason,
  subscription_plan_id: registration_requests.subscription_plan_id,
  subscription_plan_name: subscription_plans.name,
  reviewed_by_user_id: registration_requests.reviewed_by_user_id,
  reviewed_at: registration_requests.reviewed_at,
  created_at: registration_requests.created_at,
  company: {
    id: companies.id,
    name: companies.name,
    registered_company_name: companies.registered_company_name,
    status: companies.status,
    company_size: companies.company_size,
    industry: companies.industry,
    custom_industry: companies.custom_industry,
    website_url: companies.website_url,
    contact_phone: companies.contact_phone,
    country_calling_code: companies.country_calling_code,
    preferred_currency: companies.preferred_currency,
    company_license_number: companies.company_license_number,
    company_license_expiry_date: companies.company_license_expiry_date,
    tax_certificate_number: companies.tax_certificate_number,
    is_bank_partner_customer: companies.is_bank_partner_customer,
    onboarding_date: companies.onboarding_date,
    member_since: companies.member_since,
    address: company_addresses.address,
    city: company_addresses.city,
    state: company_addresses.state,
    zip_code: company_addresses.zip_code,
    country: company_addresses.country,
    latitude: company_addresses.latitude,
    longitude: company_addresses.longitude,
  },
  user: {
    id: users.id,
    first_name: users.first_name,
    last_name: users.last_name,
    email: users.email,
    username: users.username,
    role: users.role,
    language: users.language,
  },
};

function temporaryAccountsQuery(db: DbOrTx) {
  return db
    .select(temporaryAccountColumns)
    .from(registration_requests)
    .innerJoin(companies, eq(companies.id, registration_requests.company_id))
    .innerJoin(users, eq(users.id, registration_requests.user_id))
    .leftJoin(company_addresses, and(eq(company_addresses.company_id, companies.id), sql`${company_addresses.is_primary}`))
    .leftJoin(subscription_plans, eq(subscription_plans.id, registration_requests.subscription_plan_id));
}

export async function listTemporaryAccounts(db: DbOrTx, filter: { status?: RegistrationStatus; page: number; size: number }) {
  const where = filter.status ? eq(registration_requests.status, filter.status) : undefined;
  const items = await temporaryAccountsQuery(db)
    .where(where)
    .orderBy(desc(registration_requests.created_at), desc(registration_requests.id))
    .limit(filter.size)
    .offset(filter.page * filter.size);
  const [total] = await db.select({ n: count() }).from(registration_requests).where(where);
  return { items, total: total?.n ?? 0 };
}

export async function findTemporaryAccount(db: DbOrTx, id: number) {
  const [row] = await temporaryAccountsQuery(db).where(eq(registration_requests.id, id)).limit(1);
  return row ?? null;
}

export async function lockRequest(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: registration_requests.id, status: registration_requests.status, company_id: registration_requests.company_id, user_id: registration_requests.user_id })
    .from(registration_requests)
    .where(eq(registration_requests.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Counts by status and by UTC day of submission, within [start, end] (inclusive days). */
export async function registrationCounts(db: DbOrTx, range: { start_date?: string; end_date?: string }) {
  const conds: SQL[] = [];
  if (range.start_date) conds.push(gte(registration_requests.created_at, sql`(${range.start_date}::date)::timestamp at time zone 'UTC'`));
  if (range.end_date) conds.push(lt(registration_requests.created_at, sql`(${range.end_date}::date + 1)::timestamp at time zone 'UTC'`));
  const day = sql<string>`to_char(${registration_requests.created_at} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, status: registration_requests.status, n: sql<number>`count(*)::int` })
    .from(registration_requests)
    .where(conds.length ? and(...conds) : undefined)
    .groupBy(day, registration_requests.status)
    .orderBy(day);
}
