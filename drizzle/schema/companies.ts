import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, pgTable, primaryKey, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CompanyStatus } from '../../shared/constants/enums';
import { createdAt, ownedBy, publicUuid, timestamps } from './_columns';
import { countries, material_groups } from './common';

export const companies = pgTable(
  'companies',
  {
    id: serial().primaryKey(),
    uuid: publicUuid(),
    name: text().notNull(),
    registered_company_name: text(),
    business_registration_number: text(),
    company_size: text(),
    industry: text(),
    custom_industry: text(),
    main_business: text(),
    website_url: text(),
    company_license_number: text(),
    company_license_expiry_date: date({ mode: 'string' }),
    tax_certificate_number: text(),
    contact_phone: text(),
    country_calling_code: text(),
    about_info: text(),
    expectations: text(),
    preferred_currency: text(),
    /** Storage key of the logo, a public file (folder `logos`); responses carry image_url. */
    image_key: text(),
    image_name: text(),
    status: text().$type<CompanyStatus>().notNull().default('pending'),
    is_parent_company: boolean().notNull().default(false),
    parent_company_id: integer().references((): AnyPgColumn => companies.id, { onDelete: 'set null' }),
    is_bank_partner_customer: boolean().notNull().default(false),
    onboarding_date: date({ mode: 'string' }),
    member_since: date({ mode: 'string' }),
    ...timestamps(),
  },
  (t) => [
    index('companies_status_idx').on(t.status),
    index('companies_parent_idx').on(t.parent_company_id),
    index('companies_parent_flag_idx')
      .on(t.is_parent_company)
      .where(sql`${t.is_parent_company}`),
  ],
);

/** A row's company, required; the row goes when the company is deleted. */
export const companyId = () => ownedBy(() => companies.id);

export const company_addresses = pgTable(
  'company_addresses',
  {
    id: serial().primaryKey(),
    company_id: companyId(),
    address: text().notNull(),
    city: text().notNull(),
    state: text(),
    zip_code: text().notNull(),
    country: text()
      .notNull()
      .references(() => countries.code),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    is_primary: boolean().notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index('company_addresses_company_idx').on(t.company_id),
    index('company_addresses_primary_idx')
      .on(t.company_id)
      .where(sql`${t.is_primary}`),
  ],
);

/** materials_interested / materials_providing: material group ids a company wants or provides. */
export const company_material_groups = pgTable(
  'company_material_groups',
  {
    company_id: companyId(),
    material_group_id: ownedBy(() => material_groups.id),
    relation: text().$type<'interested' | 'providing'>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.material_group_id, t.relation] }),
    index('company_material_groups_group_idx').on(t.material_group_id, t.relation),
  ],
);
