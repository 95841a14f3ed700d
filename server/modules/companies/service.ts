import type { z } from 'zod';
import type { adminCompaniesInput } from '../../../shared/schemas/common';
import type { Deps } from '../../deps';
import type { AdminActor, CompanyActor } from '../../lib/actor';
import { fileUrl } from '../../lib/files';
import * as repo from './repo';

export async function listForAdmin(deps: Deps, _actor: AdminActor, input: z.output<typeof adminCompaniesInput>) {
  const rows = await repo.listCompaniesForAdmin(deps.db, input);
  return { items: rows.map(({ image_key, ...c }) => ({ ...c, image_url: fileUrl(image_key) })) };
}

/** The caller's own company addresses (the listing editor's address select); never another company's. */
export async function listMyAddresses(deps: Deps, actor: CompanyActor) {
  return { items: await repo.listCompanyAddresses(deps.db, actor.company_id) };
}
