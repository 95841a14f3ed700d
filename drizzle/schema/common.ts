import { boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text, unique, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { MaterialGroupKind } from '../../shared/constants/enums';
import type { CounterfactualRoute, ImpactBasis } from '../../shared/lib/impact';
import { createdAt, ownedBy, translatedNames, ts } from './_columns';

/**
 * A node's own impact mapping (PRODUCT.md "Impact"; docs/decisions/0171): null basis on a subcategory means it
 * inherits from the level above. `mapping_customized_at` is set when an administrator sets or removes it: the
 * reference seed's default table then leaves the node's mapping as the administrator left it.
 */
const mappingColumns = () => ({
  defra_material: text(),
  basis: text().$type<ImpactBasis>(),
  counterfactual_route: text().$type<CounterfactualRoute>(),
  mapping_customized_at: ts(),
});

/**
 * A subcategory's own columns after its parent: its names and code (then `extra`), its impact mapping, and
 * `customized_at`, set when an administrator creates or changes the row so reference-data updates leave it as it is.
 */
const subcategoryColumns = <Extra extends Record<string, PgColumnBuilderBase> = Record<never, never>>(extra = {} as Extra) => ({
  name: text().notNull(),
  ...translatedNames(),
  code: text(),
  ...extra,
  ...mappingColumns(),
  customized_at: ts(),
  created_at: createdAt(),
});

export const countries = pgTable('countries', {
  code: text().primaryKey(),
  name: text().notNull(),
  currency_code: text().notNull(),
  currency_symbol: text().notNull(),
  calling_code: text().notNull(),
  is_signup: boolean().notNull().default(false),
});

/**
 * People-readable groups (food by-products, finance, ...), each with its impact mapping. `code` is the prefix
 * of the product's own first-level codes under the group ("K-FIN" → "K-FIN-1"; docs/decisions/0072).
 */
export const material_groups = pgTable('material_groups', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  ...translatedNames(),
  slug: text().notNull().unique(),
  code: text().unique(),
  kind: text().$type<MaterialGroupKind>().notNull().default('material'),
  description: text(),
  ...mappingColumns(),
  sort_order: integer().notNull().default(0),
  /** Set when an administrator creates or changes the row: reference-data updates then leave it as it is. */
  customized_at: ts(),
  created_at: createdAt(),
});

export const first_level_subcategories = pgTable(
  'first_level_subcategories',
  {
    id: serial().primaryKey(),
    material_group_id: ownedBy(() => material_groups.id),
    ...subcategoryColumns(),
  },
  (t) => [index('first_level_group_idx').on(t.material_group_id), unique('first_level_group_code').on(t.material_group_id, t.code)],
);

export const second_level_subcategories = pgTable(
  'second_level_subcategories',
  {
    id: serial().primaryKey(),
    first_level_subcategory_id: ownedBy(() => first_level_subcategories.id),
    ...subcategoryColumns(),
  },
  (t) => [index('second_level_parent_idx').on(t.first_level_subcategory_id), index('second_level_code_idx').on(t.code)],
);

/** Leaves: every EWC entry (842) is one of these, by its 6-digit code. */
export const third_level_subcategories = pgTable(
  'third_level_subcategories',
  {
    id: serial().primaryKey(),
    second_level_subcategory_id: ownedBy(() => second_level_subcategories.id),
    ...subcategoryColumns({ hazardous: boolean().notNull().default(false) }),
  },
  (t) => [index('third_level_parent_idx').on(t.second_level_subcategory_id), index('third_level_code_idx').on(t.code)],
);

export const sdgs = pgTable('sdgs', {
  id: integer().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  color: text().notNull(),
});

/** DESNZ/Defra 2023 conversion factors, kg CO2e per tonne. */
export const defra_factors = pgTable(
  'defra_factors',
  {
    id: serial().primaryKey(),
    factor_set: text().notNull(),
    table_name: text().$type<'material_use' | 'waste_disposal' | 'freighting_goods'>().notNull(),
    activity: text().notNull(),
    material: text().notNull(),
    route_or_source: text().notNull(),
    unit: text().notNull(),
    kgco2e: doublePrecision().notNull(),
    source: text().notNull(),
  },
  (t) => [unique('defra_factor_unique').on(t.factor_set, t.table_name, t.material, t.route_or_source)],
);

/**
 * Reference rows (by their seed key) that an administrator deleted: reference-data updates do not bring them back.
 * Keys: level 0 the group slug; 1 `slug|code`; 2 `slug|l1 code|code`; 3 the leaf code.
 */
export const taxonomy_removals = pgTable(
  'taxonomy_removals',
  {
    level: integer().notNull(),
    key: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.level, t.key] })],
);
