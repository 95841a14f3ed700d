import { z } from './_zod';
import { codeList, id } from './_primitives';

export const countriesInput = z.object({ country_codes: codeList.optional() }).default({});

export const subcategoriesInput = z
  .object({
    material_group_id: id.optional(),
    first_level_subcategory_id: id.optional(),
    second_level_subcategory_id: id.optional(),
  })
  .default({});

