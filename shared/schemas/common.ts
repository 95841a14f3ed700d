import { z } from './_zod';
import { codeList, id, queryBoolean } from './_primitives';

export const countriesInput = z.object({ country_codes: codeList.optional() }).default({});

export const subcategoriesInput = z
  .object({
    material_group_id: id.optional(),
    first_level_subcategory_id: id.optional(),
    second_level_subcategory_id: id.optional(),
  })
  .default({});

export const adminCompaniesInput = z
  .object({
    is_parent_company: queryBoolean.optional(),
    status: z.enum(['pending', 'approved', 'rejected']).optional(),
  })
  .default({});
