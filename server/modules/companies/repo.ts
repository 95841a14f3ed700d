import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
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
