import type { z } from 'zod';
import type { adminCompaniesInput, updateCompanyDatesInput } from '../../../shared/schemas/companies';
import type { Deps } from '../../deps';
import type { AdminActor, CompanyActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import * as repo from './repo';

export async function listForAdmin(deps: Deps, _actor: AdminActor, input: z.output<typeof adminCompaniesInput>) {
  return { items: await repo.listCompaniesForAdmin(deps.db, input) };
}

/** Accepted companies' onboarding and member-since dates (SPEC §2 admin panel), editable by administrators. */
export async function updateCompanyDates(deps: Deps, input: z.output<typeof updateCompanyDatesInput>) {
  const { id, ...dates } = input;
  const values = Object.fromEntries(Object.entries(dates).filter(([, v]) => v !== undefined)) as typeof dates;
  const row = Object.keys(values).length ? await repo.updateCompanyDates(deps.db, id, values) : await repo.findCompanyDates(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The caller's own company addresses (the listing editor's address select); never another company's. */
export async function listMyAddresses(deps: Deps, actor: CompanyActor) {
  return { items: await repo.listCompanyAddresses(deps.db, actor.company_id) };
}
