import { z } from './_zod';
import { MATERIAL_GROUP_KINDS } from '../constants/enums';
import { m } from '../messages';
import { codeList, id, pageInput, requiredText } from './_primitives';

export const countriesInput = z.object({ country_codes: codeList.optional() }).default({});

export const subcategoriesInput = z
  .object({
    material_group_id: id.optional(),
    first_level_subcategory_id: id.optional(),
    second_level_subcategory_id: id.optional(),
  })
  .default({});

// ---- administrators' categories (issue 14, SPEC §7 Admin; docs/decisions/0072) ----

const groupName = requiredText(100);
const subcategoryName = requiredText(300);
/** Level 1, 2 or 3; REST fixes it by path (admin/first-level-subcategories, ...), tRPC sends it. */
export const taxonomyLevel = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** Codes are stored upper-case and compact: EWC ("020104") or the product's own ("K-FIN-1.2"). */
export const categoryCode = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .max(40)
      .regex(/^([A-Z0-9][A-Z0-9.-]*)?$/, m('category.codeFormat')),
  )
  .optional()
  .transform((v) => (v === '' ? undefined : v));
/** A Defra material name as in the factor table; '' or null: none. */
const defraMaterial = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));

/** POST admin/material-groups {name, kind, defra_material?} */
export const createMaterialGroupInput = z.object({
  name: groupName,
  kind: z.enum(MATERIAL_GROUP_KINDS),
  defra_material: defraMaterial,
});
export type CreateMaterialGroupInput = z.output<typeof createMaterialGroupInput>;

/** PUT admin/material-groups/{id}: any of the creation fields; absent fields stay. */
export const updateMaterialGroupInput = z.object({
  id,
  name: groupName.optional(),
  kind: z.enum(MATERIAL_GROUP_KINDS).optional(),
  defra_material: defraMaterial.optional(),
});
export type UpdateMaterialGroupInput = z.output<typeof updateMaterialGroupInput>;

/**
 * POST admin/{first,second,third}-level-subcategories {name, code?, parent_id}: parent_id is the group for the first
 * level, the level above otherwise; without a code the server gives the parent's code plus the next free number.
 */
export const createSubcategoryInput = z.object({ level: taxonomyLevel, name: subcategoryName, code: categoryCode, parent_id: id });
export type CreateSubcategoryInput = z.output<typeof createSubcategoryInput>;

/** PUT admin/{level}-subcategories/{id}: rename, recode, or move under another parent (parent_id). */
export const updateSubcategoryInput = z.object({
  level: taxonomyLevel,
  id,
  name: subcategoryName.optional(),
  code: categoryCode,
  parent_id: id.optional(),
});
export type UpdateSubcategoryInput = z.output<typeof updateSubcategoryInput>;

export const deleteSubcategoryInput = z.object({ level: taxonomyLevel, id });
export const materialGroupIdInput = z.object({ id });

/** One level of the tree under a parent, with the figures an administrator needs to decide (listings, children). */
export const adminSubcategoriesInput = z.object({ level: taxonomyLevel, parent_id: id });

/** Find a category anywhere in the tree by name or code. */
export const searchCategoriesInput = pageInput.extend({ q: requiredText(100) });
export type SearchCategoriesInput = z.output<typeof searchCategoriesInput>;
