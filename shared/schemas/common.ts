import { z } from './_zod';
import { MATERIAL_GROUP_KINDS } from '../constants/enums';
import { m } from '../messages';
import { codeList, deletedOutput, id, itemsOutput, pageInput, requiredText, translatedNameFields, typedNameFields } from './_primitives';

export const countriesInput = z.object({ country_codes: codeList.optional() }).default({});

export const subcategoriesInput = z
  .object({
    material_group_id: id.optional(),
    first_level_subcategory_id: id.optional(),
    second_level_subcategory_id: id.optional(),
  })
  .default({});

// ---- administrators' categories (SPEC §7 Admin; docs/decisions/0072) ----

const GROUP_NAME_MAX = 100;
const SUBCATEGORY_NAME_MAX = 300;
const groupName = requiredText(GROUP_NAME_MAX);
const subcategoryName = requiredText(SUBCATEGORY_NAME_MAX);
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

/** POST admin/material-groups {name, name_dk?, name_my?, kind, defra_material?} */
export const createMaterialGroupInput = z.object({
  name: groupName,
  ...translatedNameFields(GROUP_NAME_MAX),
  kind: z.enum(MATERIAL_GROUP_KINDS),
  defra_material: defraMaterial,
});
export type CreateMaterialGroupInput = z.output<typeof createMaterialGroupInput>;

/** PUT admin/material-groups/{id}: any of the creation fields; absent fields stay. */
export const updateMaterialGroupInput = z.object({
  id,
  name: groupName.optional(),
  ...translatedNameFields(GROUP_NAME_MAX),
  kind: z.enum(MATERIAL_GROUP_KINDS).optional(),
  defra_material: defraMaterial.optional(),
});
export type UpdateMaterialGroupInput = z.output<typeof updateMaterialGroupInput>;

/**
 * POST admin/{first,second,third}-level-subcategories {name, name_dk?, name_my?, code?, parent_id}: parent_id is the
 * group for the first level, the level above otherwise; without a code the server gives the parent's code plus the
 * next free number.
 */
export const createSubcategoryInput = z.object({
  level: taxonomyLevel,
  name: subcategoryName,
  ...translatedNameFields(SUBCATEGORY_NAME_MAX),
  code: categoryCode,
  parent_id: id,
});
export type CreateSubcategoryInput = z.output<typeof createSubcategoryInput>;

/** PUT admin/{level}-subcategories/{id}: rename, recode, or move under another parent (parent_id). */
export const updateSubcategoryInput = z.object({
  level: taxonomyLevel,
  id,
  name: subcategoryName.optional(),
  ...translatedNameFields(SUBCATEGORY_NAME_MAX),
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

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** common.admin.deleteMaterialGroup */
export const adminDeleteMaterialGroupOutput = deletedOutput;
/** common.admin.deleteSubcategory */
export const adminDeleteSubcategoryOutput = adminDeleteMaterialGroupOutput;
/** A subcategory's names (English, and those an administrator typed) and its EWC code, as every answer gives them. */
const subcategoryNaming = { name: z.string(), ...typedNameFields, code: z.string().nullable() };
const levelOutput = z.union([z.literal(3), z.literal(1), z.literal(2)]);
/** common.sdgs */
export const sdgsOutput = itemsOutput(z.object({ id: z.number().int(), code: z.string(), name: z.string(), color: z.string() }));
/** common.firstLevelSubcategories */
export const firstLevelSubcategoriesOutput = itemsOutput(
  z.object({ id: z.number().int(), material_group_id: z.number().int(), ...subcategoryNaming }),
);
/** common.secondLevelSubcategories */
export const secondLevelSubcategoriesOutput = itemsOutput(
  z.object({ id: z.number().int(), first_level_subcategory_id: z.number().int(), ...subcategoryNaming }),
);
/** common.countries */
export const countriesOutput = itemsOutput(
  z.object({ code: z.string(), name: z.string(), currency_code: z.string(), currency_symbol: z.string(), calling_code: z.string() }),
);
/** common.thirdLevelSubcategories */
export const thirdLevelSubcategoriesOutput = itemsOutput(
  z.object({ id: z.number().int(), second_level_subcategory_id: z.number().int(), ...subcategoryNaming, hazardous: z.boolean() }),
);
/** common.admin.createSubcategory */
export const adminCreateSubcategoryOutput = z.object({
  id: z.number().int(),
  level: levelOutput,
  parent_id: z.number().int(),
  ...subcategoryNaming,
  group_id: z.number().int(),
});
/** common.admin.updateSubcategory */
export const adminUpdateSubcategoryOutput = adminCreateSubcategoryOutput;
/** common.materialGroups */
export const materialGroupsOutput = itemsOutput(
  z.object({
    id: z.number().int(),
    name: z.string(),
    ...typedNameFields,
    slug: z.string(),
    kind: z.enum(MATERIAL_GROUP_KINDS),
    description: z.string().nullable(),
    defra_material: z.string().nullable(),
  }),
);
/** A place the geocoder found: the address parts a form fills in, and its point. */
const geocodedPlaceOutput = z.object({
  display_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  source: z.enum(['gazetteer', 'nominatim']),
});
/** common.geocode */
export const geocodeOutput = itemsOutput(geocodedPlaceOutput);
/** common.reverseGeocode */
export const reverseGeocodeOutput = z.object({ place: geocodedPlaceOutput.nullable() });
/** common.admin.createMaterialGroup */
export const adminCreateMaterialGroupOutput = z.object({
  customized: z.boolean(),
  id: z.number().int(),
  name: z.string(),
  ...typedNameFields,
  slug: z.string(),
  code: z.string().nullable(),
  kind: z.enum(MATERIAL_GROUP_KINDS),
  description: z.string().nullable(),
  defra_material: z.string().nullable(),
  sort_order: z.number(),
});
/** common.admin.updateMaterialGroup */
export const adminUpdateMaterialGroupOutput = adminCreateMaterialGroupOutput;
/** common.admin.subcategories */
export const adminSubcategoriesOutput = itemsOutput(
  z.object({
    level: levelOutput,
    customized: z.boolean(),
    id: z.number().int(),
    parent_id: z.number().int(),
    ...subcategoryNaming,
    children: z.number().int(),
    listings: z.number(),
    hazardous: z.boolean(),
  }),
);
/** common.admin.materialGroups */
export const adminMaterialGroupsOutput = itemsOutput(
  z.object({ children: z.number().int(), listings: z.number(), companies: z.number(), ...adminCreateMaterialGroupOutput.shape }),
);
