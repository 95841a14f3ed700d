import type { z } from 'zod';
import type { adminCompaniesInput } from '../../../shared/schemas/common';
import type { Deps } from '../../deps';
import type { AdminActor } from '../../lib/actor';
import * as repo from './repo';

export async function listForAdmin(deps: Deps, _actor: AdminActor, input: z.output<typeof adminCompaniesInput>) {
  return { items: await repo.listCompaniesForAdmin(deps.db, input) };
}
