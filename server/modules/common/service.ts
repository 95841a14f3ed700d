import type { z } from 'zod';
import type { countriesInput, subcategoriesInput } from '../../../shared/schemas/common';
import type { Deps } from '../../deps';
import * as repo from './repo';

export async function listCountries(deps: Deps, input: z.output<typeof countriesInput>) {
  return { items: await repo.listCountries(deps.db, input.country_codes) };
}

export async function listMaterialGroups(deps: Deps) {
  return { items: await repo.listMaterialGroups(deps.db) };
}

/** The 17 UN goals with their official colours; names are English, the client translates them by id. */
export async function listSdgs(deps: Deps) {
  return { items: await repo.listSdgs(deps.db) };
}

type SubInput = z.output<typeof subcategoriesInput>;
export async function listFirstLevelSubcategories(deps: Deps, input: SubInput) {
  return { items: await repo.listFirstLevel(deps.db, input.material_group_id) };
}
export async function listSecondLevelSubcategories(deps: Deps, input: SubInput) {
  return { items: await repo.listSecondLevel(deps.db, input.first_level_subcategory_id) };
}
export async function listThirdLevelSubcategories(deps: Deps, input: SubInput) {
  return { items: await repo.listThirdLevel(deps.db, input.second_level_subcategory_id) };
}

/** Public figures for the landing page: approved companies, active listings, successful synergies. */
export function landingStats(deps: Deps) {
  return repo.landingCounts(deps.db);
}

/** What the client needs to know about this installation; nothing secret. */
export function clientConfig(deps: Deps) {
  return {
    demo_mode: deps.env.DEMO_MODE,
    support_email: deps.env.SUPPORT_EMAIL,
    map_style_url: deps.env.MAP_STYLE_URL ?? null,
  };
}
