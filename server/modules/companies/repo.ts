import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { companies, company_addresses } from '../../../drizzle/schema';
import type { CompanyStatus } from '../../../shared/constants/enums';
import type { DbOrTx } from '../../db/client';

export function listCompaniesForAdmin(db: DbOrTx, filter: { is_parent_company?: boolean; status?: CompanyStatus }) {
  const conds: SQL[] = [];
  if (filter.is_parent_company !== undefined) conds.push(eq(companies.is_parent_company, filter.is_parent_company));
  if (filter.status) conds.push(eq(companies.status, filter.status));
  return db
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
      image_url: companies.image_url,
      city: company_addresses.city,
      country: company_addresses.country,
      created_at: companies.created_at,
    })
    .from(companies)
    .leftJoin(company_addresses, and(eq(company_addresses.company_id, companies.id), sql`${company_addresses.is_primary}`))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(companies.name));
}

const companyDatesColumns = {
  id: companies.id,
  name: companies.name,
  status: companies.status,
  onboarding_date: companies.onboarding_date,
  member_since: companies.member_since,
  updated_at: companies.updated_at,
};

export async function updateCompanyDates(db: DbOrTx, id: number, values: { onboarding_date?: string | null; member_since?: string | null }) {
  const [row] = await db
    .update(companies)
    .set(values)
    .where(eq(companies.id, id))
    .returning(companyDatesColumns);
  return row ?? null;
}

export async function findCompanyDates(db: DbOrTx, id: number) {
  const [row] = await db
    .select(companyDatesColumns)
    .from(companies)
    .where(eq(companies.id, id));
  return row ?? null;
}

/** One company's addresses, the primary first, then in the order they were added. */
export function listCompanyAddresses(db: DbOrTx, companyId: number) {
  return db
    .select({
      id: company_addresses.id,
      address: company_addresses.address,
      city: company_addresses.city,
      state: company_addresses.state,
      zip_code: company_addresses.zip_code,
      country: company_addresses.country,
      latitude: company_addresses.latitude,
      longitude: company_addresses.longitude,
      is_primary: company_addresses.is_primary,
    })
    .from(company_addresses)
    .where(eq(company_addresses.company_id, companyId))
    .orderBy(desc(company_addresses.is_primary), asc(company_addresses.id));
}
