// Joins that several modules' repos add to a query the same way, so each is written once. They take a dynamic
// select (`.$dynamic()`) so a join can follow whatever `from` the query started with.
import { aliasedTable, and, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { companies, company_addresses, exchanges, material_groups, materials } from '../../drizzle/schema';

/** A listing's company (every listing has one) and its material group (may be missing). `materials` must already be in the query. */
export function withListingOwner<T extends PgSelect>(query: T) {
  return query
    .innerJoin(companies, eq(companies.id, materials.company_id))
    .leftJoin(material_groups, eq(material_groups.id, materials.material_group_id));
}

/**
 * What a listing is shown with: its company and material group (`withListingOwner`) and the address it is offered
 * from (may be missing). `materials` must already be in the query.
 */
export function withListingParts<T extends PgSelect>(query: T) {
  return withListingOwner(query).leftJoin(company_addresses, eq(company_addresses.id, materials.address_id));
}

/** How a company meets its primary address (at most one), for `leftJoin(company_addresses, primaryAddressOfCompany)`. */
export const primaryAddressOfCompany = and(eq(company_addresses.company_id, companies.id), sql`${company_addresses.is_primary}`)!;

// A synergy's two companies, each its own alias of `companies` so that one query can join both.
const provider = aliasedTable(companies, 'provider');
const requester = aliasedTable(companies, 'requester');

/** The ids and names of a synergy's two companies, as `withExchangeParts` joins them. */
export const exchangePartyColumns = {
  provider_company_id: provider.id,
  provider_company_name: provider.name,
  requester_company_id: requester.id,
  requester_company_name: requester.name,
};

/**
 * What a synergy is shown with: its provider and requester companies (both always there) and the listing it
 * exchanges (may be missing). `exchanges` must already be in the query.
 */
export function withExchangeParts<T extends PgSelect>(query: T) {
  return query
    .innerJoin(provider, eq(provider.id, exchanges.provider_company_id))
    .innerJoin(requester, eq(requester.id, exchanges.requester_company_id))
    .leftJoin(materials, eq(materials.id, exchanges.material_id));
}
