import { and, asc, desc, eq, ilike, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  companies,
  company_addresses,
  company_material_groups,
  company_subscriptions,
  material_groups,
  registration_requests,
  subscription_plans,
  users,
} from '../../../drizzle/schema';
import type { CompanyStatus, SubscriptionStatus } from '../../../shared/constants/enums';
import { LIMITS } from '../../../shared/constants/limits';
import type { DbOrTx } from '../../db/client';
import { firstRow } from '../../db/rows';
import { companyAddressColumns } from '../../db/columns';
import { primaryAddressOfCompany } from '../../db/joins';
import { containsPattern } from '../../db/like';

/**
 * A company's current subscription in SQL, the same choice as pickCurrentSubscription (shared/lib/subscription):
 * the running one with the latest start, else the next one queued, else the one that ended last; cancelled
 * ones never. companies.test.ts pins the two against each other.
 */
function currentSubscription(db: DbOrTx, today: SQL) {
  const running = sql`(${company_subscriptions.activation_date} <= ${today} and ${company_subscriptions.end_date} >= ${today})`;
  const upcoming = sql`(${company_subscriptions.activation_date} > ${today})`;
  return db
    .select({
      id: company_subscriptions.id,
      subscription_plan_id: company_subscriptions.subscription_plan_id,
      plan_name: subscription_plans.name,
      activation_date: company_subscriptions.activation_date,
      end_date: company_subscriptions.end_date,
    })
    .from(company_subscriptions)
    .innerJoin(subscription_plans, eq(subscription_plans.id, company_subscriptions.subscription_plan_id))
    .where(and(eq(company_subscriptions.company_id, companies.id), isNull(company_subscriptions.cancelled_at)))
    .orderBy(
      sql`case when ${running} then 0 when ${upcoming} then 1 else 2 end`,
      sql`case when ${running} then ${company_subscriptions.activation_date} end desc nulls last`,
      sql`case when ${upcoming} then ${company_subscriptions.activation_date} end asc nulls last`,
      desc(company_subscriptions.end_date),
      desc(company_subscriptions.activation_date),
      desc(company_subscriptions.id),
    )
    .limit(1)
    .as('current_subscription');
}

/** The user whose accepted registration created the company: the manager the admin panel shows. */
function registeringManager(db: DbOrTx) {
  return db
    .select({ id: users.id, email: users.email, first_name: users.first_name, last_name: users.last_name })
    .from(registration_requests)
    .innerJoin(users, eq(users.id, registration_requests.user_id))
    .where(and(eq(registration_requests.company_id, companies.id), eq(registration_requests.status, 'accepted')))
    .orderBy(desc(registration_requests.id))
    .limit(1)
    .as('registering_manager');
}

export interface AdminCompanyFilter {
  page: number;
  size: number;
  search?: string;
  is_parent_company?: boolean;
  status?: CompanyStatus;
  subscription_status?: SubscriptionStatus[];
  sort: 'name' | 'urgency';
  /** 'YYYY-MM-DD' (UTC) the subscription statuses are computed for. */
  today: string;
}

/**
 * One page of companies, each with its primary address, current subscription and registering manager, in
 * one query (lateral joins; the total comes from a window count). The SQL status follows subscriptionStatus
 * (shared/lib/subscription) so the status filter and the urgency order can run in the database.
 */
export async function listCompaniesForAdmin(db: DbOrTx, f: AdminCompanyFilter) {
  const today = sql`${f.today}::date`;
  const current = currentSubscription(db, today);
  const manager = registeringManager(db);
  const status = sql<SubscriptionStatus>`case
    when ${current.id} is null or ${today} < ${current.activation_date} then 'inactive'
    when ${current.end_date} < ${today} then 'expired'
    when ${current.end_date} - ${today} <= ${LIMITS.expiresVerySoonDays} then 'expires_very_soon'
    when ${current.end_date} - ${today} <= ${LIMITS.expiringSoonDays} then 'expiring_soon'
    else 'active' end`;
  const urgency = sql`case ${status} when 'expired' then 0 when 'inactive' then 1 when 'expires_very_soon' then 2 when 'expiring_soon' then 3 else 4 end`;

  const conds: SQL[] = [];
  if (f.search) conds.push(ilike(companies.name, containsPattern(f.search)));
  if (f.is_parent_company !== undefined) conds.push(eq(companies.is_parent_company, f.is_parent_company));
  if (f.status) conds.push(eq(companies.status, f.status));
  if (f.subscription_status?.length) conds.push(inArray(status, f.subscription_status));

  const rows = await db
    .select({
      id: companies.id,
      uuid: companies.uuid,
      name: companies.name,
      status: companies.status,
      industry: companies.industry,
      company_size: companies.company_size,
      is_parent_company: companies.is_parent_company,
      parent_company_id: companies.parent_company_id,
      onboarding_date: companies.onboarding_date,
      member_since: companies.member_since,
      image_key: companies.image_key,
      city: company_addresses.city,
      country: company_addresses.country,
      created_at: companies.created_at,
      subscription_status: status,
      current_id: current.id,
      current_plan_id: current.subscription_plan_id,
      current_plan_name: current.plan_name,
      current_activation_date: current.activation_date,
      current_end_date: current.end_date,
      manager_id: manager.id,
      manager_email: manager.email,
      manager_first_name: manager.first_name,
      manager_last_name: manager.last_name,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(companies)
    .leftJoin(company_addresses, primaryAddressOfCompany)
    .leftJoinLateral(current, sql`true`)
    .leftJoinLateral(manager, sql`true`)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(...(f.sort === 'urgency' ? [urgency] : []), asc(companies.name), asc(companies.id))
    .limit(f.size)
    .offset(f.page * f.size);
  return { rows, total: rows[0]?.total ?? 0 };
}

export type AdminCompanyRow = Awaited<ReturnType<typeof listCompaniesForAdmin>>['rows'][number];

/** One company's addresses, the primary first, then in the order they were added. */
export function listCompanyAddresses(db: DbOrTx, companyId: number) {
  return db
    .select({
      id: company_addresses.id,
      ...companyAddressColumns,
      is_primary: company_addresses.is_primary,
    })
    .from(company_addresses)
    .where(eq(company_addresses.company_id, companyId))
    .orderBy(desc(company_addresses.is_primary), asc(company_addresses.id));
}

// ---- the public list and one company ------------------------------------------------------

/** Approved companies by name, each with its primary address's town; one query with its total. */
export async function listApprovedCompanies(db: DbOrTx, f: { search?: string; page: number; size: number }) {
  const conds: SQL[] = [eq(companies.status, 'approved')];
  if (f.search) conds.push(ilike(companies.name, containsPattern(f.search)));
  const rows = await db
    .select({
      id: companies.id,
      uuid: companies.uuid,
      name: companies.name,
      industry: companies.industry,
      company_size: companies.company_size,
      about_info: companies.about_info,
      image_key: companies.image_key,
      is_parent_company: companies.is_parent_company,
      member_since: companies.member_since,
      city: company_addresses.city,
      country: company_addresses.country,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(companies)
    .leftJoin(company_addresses, primaryAddressOfCompany)
    .where(and(...conds))
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(f.size)
    .offset(f.page * f.size);
  return { rows, total: rows[0]?.total ?? 0 };
}

const companyColumns = {
  id: companies.id,
  uuid: companies.uuid,
  name: companies.name,
  registered_company_name: companies.registered_company_name,
  business_registration_number: companies.business_registration_number,
  company_size: companies.company_size,
  industry: companies.industry,
  custom_industry: companies.custom_industry,
  main_business: companies.main_business,
  website_url: companies.website_url,
  company_license_number: companies.company_license_number,
  company_license_expiry_date: companies.company_license_expiry_date,
  tax_certificate_number: companies.tax_certificate_number,
  contact_phone: companies.contact_phone,
  country_calling_code: companies.country_calling_code,
  about_info: companies.about_info,
  expectations: companies.expectations,
  preferred_currency: companies.preferred_currency,
  image_key: companies.image_key,
  image_name: companies.image_name,
  status: companies.status,
  is_parent_company: companies.is_parent_company,
  parent_company_id: companies.parent_company_id,
  is_bank_partner_customer: companies.is_bank_partner_customer,
  onboarding_date: companies.onboarding_date,
  member_since: companies.member_since,
  created_at: companies.created_at,
  updated_at: companies.updated_at,
};

export async function findCompany(db: DbOrTx, id: number) {
  return firstRow(db.select(companyColumns).from(companies).where(eq(companies.id, id)));
}
export type CompanyRow = NonNullable<Awaited<ReturnType<typeof findCompany>>>;

/** The company row locked until the transaction ends: concurrent saves of one company queue here. */
export async function lockCompany(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('no key update');
  return !!row;
}

export type CompanyChanges = Partial<Omit<typeof companies.$inferInsert, 'id' | 'uuid' | 'created_at' | 'updated_at'>>;

export async function updateCompany(tx: DbOrTx, id: number, changes: CompanyChanges) {
  if (!Object.keys(changes).length) return;
  await tx.update(companies).set(changes).where(eq(companies.id, id));
}

/** The groups a company wants and provides, with their names. */
export function companyMaterialGroups(db: DbOrTx, companyId: number) {
  return db
    .select({ id: material_groups.id, name: material_groups.name, relation: company_material_groups.relation })
    .from(company_material_groups)
    .innerJoin(material_groups, eq(material_groups.id, company_material_groups.material_group_id))
    .where(eq(company_material_groups.company_id, companyId))
    .orderBy(asc(material_groups.sort_order), asc(material_groups.name));
}

export async function existingMaterialGroupIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: material_groups.id }).from(material_groups).where(inArray(material_groups.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function replaceMaterialGroups(tx: DbOrTx, companyId: number, relation: 'interested' | 'providing', ids: number[]) {
  await tx
    .delete(company_material_groups)
    .where(and(eq(company_material_groups.company_id, companyId), eq(company_material_groups.relation, relation)));
  if (ids.length)
    await tx.insert(company_material_groups).values(ids.map((material_group_id) => ({ company_id: companyId, material_group_id, relation })));
}

export interface AddressValues {
  address: string;
  city: string;
  state: string | null;
  zip_code: string;
  country: string;
  latitude: number;
  longitude: number;
  is_primary: boolean;
}

export async function updateAddress(tx: DbOrTx, companyId: number, id: number, values: AddressValues) {
  await tx
    .update(company_addresses)
    .set(values)
    .where(and(eq(company_addresses.id, id), eq(company_addresses.company_id, companyId)));
}

export async function insertAddress(tx: DbOrTx, companyId: number, values: AddressValues) {
  const [row] = await tx
    .insert(company_addresses)
    .values({ ...values, company_id: companyId })
    .returning({ id: company_addresses.id });
  return row!.id;
}

export async function deleteAddresses(tx: DbOrTx, companyId: number, ids: number[]) {
  if (!ids.length) return;
  await tx.delete(company_addresses).where(and(eq(company_addresses.company_id, companyId), inArray(company_addresses.id, ids)));
}

// ---- groups: parent and portfolio companies (administrators) -------------------------------------------------

export function companyRefs(db: DbOrTx, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: companies.id,
      name: companies.name,
      is_parent_company: companies.is_parent_company,
      parent_company_id: companies.parent_company_id,
    })
    .from(companies)
    .where(inArray(companies.id, ids));
}

/** A parent company's portfolio companies, by name. */
export function portfolioOf(db: DbOrTx, parentId: number) {
  return db
    .select({ id: companies.id, name: companies.name, status: companies.status })
    .from(companies)
    .where(eq(companies.parent_company_id, parentId))
    .orderBy(asc(companies.name), asc(companies.id));
}

/** Exactly these companies have `parentId` as their parent from now on (others that had it lose it). */
export async function setPortfolio(tx: DbOrTx, parentId: number, ids: number[]) {
  await tx
    .update(companies)
    .set({ parent_company_id: null })
    .where(and(eq(companies.parent_company_id, parentId), ids.length ? notInArray(companies.id, ids) : undefined));
  if (ids.length)
    await tx
      .update(companies)
      .set({ parent_company_id: parentId })
      .where(and(inArray(companies.id, ids), ne(companies.id, parentId)));
}
