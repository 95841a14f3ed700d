import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  companies,
  company_addresses,
  company_material_groups,
  material_groups,
  registration_requests,
  subscription_plans,
  users,
} from '../../../drizzle/schema';
import type { RegistrationStatus } from '../../../shared/constants/enums';
import type { DbOrTx } from '../../db/client';
import { firstRow } from '../../db/rows';
import { companyAddressColumns } from '../../db/columns';
import { primaryAddressOfCompany } from '../../db/joins';

export async function existingMaterialGroupIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: material_groups.id }).from(material_groups).where(inArray(material_groups.id, ids));
  return new Set(rows.map((r) => r.id));
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
    ...companyAddressColumns,
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
    .leftJoin(company_addresses, primaryAddressOfCompany)
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
  return firstRow(temporaryAccountsQuery(db).where(eq(registration_requests.id, id)));
}

export async function lockRequest(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: registration_requests.id,
      status: registration_requests.status,
      company_id: registration_requests.company_id,
      user_id: registration_requests.user_id,
    })
    .from(registration_requests)
    .where(eq(registration_requests.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * The rows one registration writes: the company, its primary address, its interests and offerings, its first
 * user and the request. Run it in the caller's transaction so a refused request writes nothing.
 */
export async function insertRegistration(
  tx: DbOrTx,
  r: {
    company: typeof companies.$inferInsert;
    address: Omit<typeof company_addresses.$inferInsert, 'company_id'>;
    material_groups: Omit<typeof company_material_groups.$inferInsert, 'company_id'>[];
    user: Omit<typeof users.$inferInsert, 'company_id'>;
    request: Omit<typeof registration_requests.$inferInsert, 'company_id' | 'user_id'>;
  },
) {
  const [company] = await tx.insert(companies).values(r.company).returning({ id: companies.id });
  const company_id = company!.id;
  await tx.insert(company_addresses).values({ ...r.address, company_id });
  await tx.insert(company_material_groups).values(r.material_groups.map((g) => ({ ...g, company_id })));
  const [user] = await tx
    .insert(users)
    .values({ ...r.user, company_id })
    .returning({ id: users.id });
  const [request] = await tx
    .insert(registration_requests)
    .values({ ...r.request, company_id, user_id: user!.id })
    .returning({ id: registration_requests.id });
  return { request_id: request!.id, company_id, user_id: user!.id };
}

/** Who applied: the first user's address and language, and the company name (for the decision mail). */
export async function findApplicant(db: DbOrTx, request: { user_id: number; company_id: number }) {
  const [user] = await db
    .select({ email: users.email, first_name: users.first_name, language: users.language })
    .from(users)
    .where(eq(users.id, request.user_id));
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, request.company_id));
  return { user: user!, company: company! };
}

/** Accepts the request and approves its company from `today` (member since the first approval). */
export async function acceptRequest(
  db: DbOrTx,
  request: { id: number; company_id: number },
  decision: { subscription_plan_id: number | null; reviewed_by_user_id: number; reviewed_at: Date; reason: string | null; today: string },
) {
  const { today, ...review } = decision;
  await db
    .update(registration_requests)
    .set({ status: 'accepted', ...review })
    .where(eq(registration_requests.id, request.id));
  await db
    .update(companies)
    .set({ status: 'approved', onboarding_date: today, member_since: sql`coalesce(${companies.member_since}, ${today}::date)` })
    .where(eq(companies.id, request.company_id));
}

export async function rejectRequest(
  db: DbOrTx,
  request: { id: number; company_id: number },
  decision: { reason: string; reviewed_by_user_id: number; reviewed_at: Date },
) {
  await db
    .update(registration_requests)
    .set({ status: 'rejected', ...decision })
    .where(eq(registration_requests.id, request.id));
  await db.update(companies).set({ status: 'rejected' }).where(eq(companies.id, request.company_id));
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
