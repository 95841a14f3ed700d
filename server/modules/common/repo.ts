import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  companies,
  countries,
  exchanges,
  first_level_subcategories,
  material_groups,
  materials,
  sdgs,
  second_level_subcategories,
  third_level_subcategories,
} from '../../../drizzle/schema';
import type { DbOrTx } from '../../db/client';

export function listCountries(db: DbOrTx, codes: string[] | undefined) {
  const cols = {
    code: countries.code,
    name: countries.name,
    currency_code: countries.currency_code,
    currency_symbol: countries.currency_symbol,
    calling_code: countries.calling_code,
  };
  // Only signup countries are ever listed (SPEC: the list excludes AU).
  const where = codes?.length ? and(eq(countries.is_signup, true), inArray(countries.code, codes)) : eq(countries.is_signup, true);
  return db.select(cols).from(countries).where(where).orderBy(asc(countries.name));
}

export function listMaterialGroups(db: DbOrTx) {
  return db
    .select({
      id: material_groups.id,
      name: material_groups.name,
      slug: material_groups.slug,
      kind: material_groups.kind,
      description: material_groups.description,
      defra_material: material_groups.defra_material,
    })
    .from(material_groups)
    .orderBy(asc(material_groups.sort_order), asc(material_groups.name));
}

export function listSdgs(db: DbOrTx) {
  return db.select({ id: sdgs.id, code: sdgs.code, name: sdgs.name, color: sdgs.color }).from(sdgs).orderBy(asc(sdgs.id));
}

export function listFirstLevel(db: DbOrTx, groupId?: number) {
  return db
    .select({
      id: first_level_subcategories.id,
      material_group_id: first_level_subcategories.material_group_id,
      name: first_level_subcategories.name,
      code: first_level_subcategories.code,
    })
    .from(first_level_subcategories)
    .where(groupId ? eq(first_level_subcategories.material_group_id, groupId) : undefined)
    .orderBy(asc(first_level_subcategories.code), asc(first_level_subcategories.name));
}

export function listSecondLevel(db: DbOrTx, parentId?: number) {
  return db
    .select({
      id: second_level_subcategories.id,
      first_level_subcategory_id: second_level_subcategories.first_level_subcategory_id,
      name: second_level_subcategories.name,
      code: second_level_subcategories.code,
    })
    .from(second_level_subcategories)
    .where(parentId ? eq(second_level_subcategories.first_level_subcategory_id, parentId) : undefined)
    .orderBy(asc(second_level_subcategories.code), asc(second_level_subcategories.name));
}

export function listThirdLevel(db: DbOrTx, parentId?: number) {
  return db
    .select({
      id: third_level_subcategories.id,
      second_level_subcategory_id: third_level_subcategories.second_level_subcategory_id,
      name: third_level_subcategories.name,
      code: third_level_subcategories.code,
      hazardous: third_level_subcategories.hazardous,
    })
    .from(third_level_subcategories)
    .where(parentId ? eq(third_level_subcategories.second_level_subcategory_id, parentId) : undefined)
    .orderBy(asc(third_level_subcategories.code), asc(third_level_subcategories.name));
}

export async function landingCounts(db: DbOrTx) {
  const [c] = await db.select({ n: count() }).from(companies).where(eq(companies.status, 'approved'));
  const [m] = await db.select({ n: count() }).from(materials).where(eq(materials.status, 'active'));
  const [s] = await db
    .select({ n: count() })
    .from(exchanges)
    .where(and(eq(exchanges.level_of_completion, 'COMPLETED'), sql`${exchanges.successful} is true`));
  return { companies: c?.n ?? 0, materials: m?.n ?? 0, synergies: s?.n ?? 0 };
}
