// Joins that several modules' repos add to a query the same way, so each is written once. They take a dynamic
// select (`.$dynamic()`) so a join can follow whatever `from` the query started with.
import { and, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { companies, company_addresses, material_groups, materials } from '../../drizzle/schema';

/**
 * What a listing is shown with: its company (every listing has one), its material group and the address it is
 * offered from (either may be missing). `materials` must already be in the query.
 */
export function withListingParts<T extends PgSelect>(query: T) {
  return query
    .innerJoin(companies, eq(companies.id, materials.company_id))
    .leftJoin(material_groups, eq(material_groups.id, materials.material_group_id))
    .leftJoin(company_addresses, eq(company_addresses.id, materials.address_id));
}

/** How a company meets its primary address (at most one), for `leftJoin(company_addresses, primaryAddressOfCompany)`. */
export const primaryAddressOfCompany = and(eq(company_addresses.company_id, companies.id), sql`${company_addresses.is_primary}`)!;
